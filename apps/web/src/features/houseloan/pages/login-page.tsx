import { houseloanLoginRequestSchema } from '@crm/domain/api/houseloan';
import { HOUSELOAN_OAUTH_PATH } from '@crm/domain/endpoint-refs';
import { Button } from 'antd-mobile';
import { Navigate, useSearchParams } from 'react-router';
import { CorpLoginPage } from '../../../components/corp-login-page.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { getHouseChannel } from '../../../lib/storage.ts';
import { detectBrowser } from '../../../lib/wechat.ts';
import { useLogin, useMe } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

/** The channel agent's login form, and where it goes in. */
const PORTAL = {
  schema: houseloanLoginRequestSchema,
  scene: 'houseloan',
  className: 'houseloan-form',
  home: '/houseloan/home/0',
} as const;

/**
 * /houseloan/login: a channel agent logs in with company, phone and SMS code (agents staff registered only).
 * In WeChat, 微信一键登录 asks WeChat who is there (snsapi_base): a bound agent comes straight back signed in,
 * anyone else returns here and the SMS login binds their WeChat (the server keeps the openid it verified).
 */
export function HouseloanLoginPage() {
  const [search] = useSearchParams();
  const login = useLogin();
  const inWechat = detectBrowser(globalThis.navigator?.userAgent ?? '') === 'wechat';
  // An agent still signed in who opens the entry link again goes home, not through a new SMS login (issue
  // 39.9). The stored agent only says whom to ask about; the session cookie decides: a 401 shows the form.
  const remembered = getHouseChannel().id > 0;
  const me = useMe({ enabled: remembered });
  if (remembered && me.isPending) return <PageLoading />;
  if (remembered && me.isSuccess) return <Navigate to={PORTAL.home} replace />;
  return (
    <CorpLoginPage {...PORTAL} initialCorp={search.get('corp') ?? ''} send={login.mutateAsync} done={T.loggedIn}>
      {(corpId) => (
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {T.login}
          </Button>
          {inWechat && corpId ? (
            <Button
              block
              fill="outline"
              color="success"
              onClick={() => globalThis.location.assign(`${HOUSELOAN_OAUTH_PATH}?corp=${corpId}`)}
            >
              {T.wechatLogin}
            </Button>
          ) : null}
          <p className="houseloan-muted">{T.loginHint}</p>
        </div>
      )}
    </CorpLoginPage>
  );
}

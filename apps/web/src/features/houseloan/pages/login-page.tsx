import { houseloanLoginRequestSchema } from '@crm/domain/api/houseloan';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { CorpLoginFields, useCorpLogin } from '../../../components/corp-login-fields.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { detectBrowser } from '../../../lib/wechat.ts';
import { useLogin } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

/**
 * /houseloan/login: a channel agent logs in with company, phone and SMS code (agents staff registered only).
 * In WeChat, 微信一键登录 asks WeChat who is there (snsapi_base): a bound agent comes straight back signed in,
 * anyone else returns here and the SMS login binds their WeChat (the server keeps the openid it verified).
 */
export function HouseloanLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useLogin();
  const portal = useCorpLogin({
    schema: houseloanLoginRequestSchema,
    idPrefix: 'houseloan-login',
    initialCorp: search.get('corp') ?? '',
  });
  const { corpId } = portal;
  const inWechat = detectBrowser(globalThis.navigator?.userAgent ?? '') === 'wechat';
  const submit = () =>
    portal.enter(login.mutateAsync, T.loggedIn, () => void navigate('/houseloan/home/0', { replace: true }));

  return (
    <div className="page">
      <PlainForm className="houseloan-form" onSubmit={submit}>
        <CorpLoginFields login={portal} scene="houseloan" />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {T.login}
          </Button>
          {inWechat && corpId ? (
            <Button
              block
              fill="outline"
              color="success"
              onClick={() => globalThis.location.assign(`/api/houseloan/oauth?corp=${corpId}`)}
            >
              {T.wechatLogin}
            </Button>
          ) : null}
          <p className="houseloan-muted">{T.loginHint}</p>
        </div>
      </PlainForm>
    </div>
  );
}

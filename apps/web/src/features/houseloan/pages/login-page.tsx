import { houseloanLoginRequestSchema } from '@crm/domain/api/houseloan';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { CorpLoginFields, useCorps } from '../../../components/corp-login-fields.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { enterPortal } from '../../../lib/enter-portal.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
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
  const corps = useCorps();
  const login = useLogin();
  const onlyCorp = corps.data?.length === 1 ? String(corps.data[0]?.value) : '';
  const form = useSchemaForm({
    schema: houseloanLoginRequestSchema,
    initial: { corp_id: search.get('corp') ?? '', phone: '', code: '' },
    toInput: (values) => ({ ...values, corp_id: values.corp_id || onlyCorp }),
    idPrefix: 'houseloan-login',
  });
  const { values } = form;
  const corpId = values.corp_id || onlyCorp;
  const inWechat = detectBrowser(globalThis.navigator?.userAgent ?? '') === 'wechat';

  const submit = async () => {
    if (!form.validate()) return;
    await enterPortal(
      () => login.mutateAsync({ ...values, corp_id: corpId }),
      T.loggedIn,
      () => void navigate('/houseloan/home/0', { replace: true }),
    );
  };

  return (
    <div className="page">
      <PlainForm className="houseloan-form" onSubmit={submit}>
        <CorpLoginFields
          form={form}
          corps={corps}
          corpId={corpId}
          phone={values.phone}
          code={values.code}
          scene="houseloan"
        />
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

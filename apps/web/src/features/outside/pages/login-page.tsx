import { outsideLoginRequestSchema } from '@crm/domain/api/outside';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { CorpLoginFields, useCorps } from '../../../components/corp-login-fields.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { enterPortal } from '../../../lib/enter-portal.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useEnter } from '../api/session.ts';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/login: a partner logs in with company, phone and SMS code (no back arrow: titles.ts). */
export function OutsideLoginPage() {
  const navigate = useNavigate();
  const corps = useCorps();
  const enter = useEnter('login');
  const onlyCorp = corps.data?.length === 1 ? String(corps.data[0]?.value) : '';
  const form = useSchemaForm({
    schema: outsideLoginRequestSchema,
    initial: { corp_id: '', phone: '', code: '' },
    toInput: (values) => ({ ...values, corp_id: values.corp_id || onlyCorp }),
    idPrefix: 'outside-login',
  });
  const { values } = form;

  const submit = async () => {
    const parsed = form.validate();
    if (!parsed) return;
    await enterPortal(
      () => enter.mutateAsync({ ...values, corp_id: values.corp_id || onlyCorp }),
      T.loggedIn,
      () => void navigate('/outside/index', { replace: true }),
    );
  };

  return (
    <div className="page">
      <PlainForm className="outside-login" onSubmit={submit}>
        <CorpLoginFields
          form={form}
          corps={corps}
          corpId={values.corp_id || onlyCorp}
          phone={values.phone}
          code={values.code}
          scene="outside"
        />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" loading={enter.isPending}>
            {T.login}
          </Button>
          <Link className="outside-switch" to="/outside/register">
            {T.toRegister}
          </Link>
        </div>
      </PlainForm>
    </div>
  );
}

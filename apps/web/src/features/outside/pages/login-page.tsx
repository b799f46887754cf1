import { outsideLoginRequestSchema } from '@crm/domain/api/outside';
import { Button, List } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { OptionField } from '../../../components/option-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCorps, useEnter } from '../api/session.ts';
import { PhoneAndCodeFields } from '../../../components/sms-code-field.tsx';
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
    try {
      const { msg } = await enter.mutateAsync({ ...values, corp_id: values.corp_id || onlyCorp });
      showToast({ content: msg || T.loggedIn, icon: 'success' });
      void navigate('/outside/index', { replace: true });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div className="page">
      <PlainForm className="outside-login" onSubmit={submit}>
        <List mode="card">
          <FormField field={form.field('corp_id')} label={T.corp} required>
            <OptionField
              id={form.field('corp_id').id}
              value={values.corp_id || onlyCorp}
              options={corps.data ?? []}
              onChange={form.set('corp_id')}
              placeholder={corps.isError ? T.corpLoadFailed : T.corpPlaceholder}
            />
          </FormField>
          <PhoneAndCodeFields form={form} phone={values.phone} code={values.code} scene="outside" />
        </List>
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

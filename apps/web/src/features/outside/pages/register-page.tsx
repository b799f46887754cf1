import { outsideRegisterRequestSchema } from '@crm/domain/api/outside';
import { Input, List, NoticeBar } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { enterPortal } from '../../../lib/enter-portal.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useEnter, useInvite } from '../api/session.ts';
import { PortalActions } from '../components/portal-actions.tsx';
import { PhoneAndCodeFields } from '../../../components/sms-code-field.tsx';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/**
 * /outside/register?invite=CODE&corp=ID: a partner signs up with an invite code (prefilled from the link,
 * editable). The invite names its company and masked inviter; the company is the invite's own.
 */
export function OutsideRegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const enter = useEnter('register');
  const form = useSchemaForm({
    schema: outsideRegisterRequestSchema,
    initial: () => ({ name: '', phone: '', code: '', invite_code: params.get('invite') ?? '', corp_id: '' }),
    idPrefix: 'outside-register',
  });
  const { values } = form;
  const code = values.invite_code.trim().toUpperCase();
  const invite = useInvite(/^[2-9A-HJKMNP-Z]{8}$/.test(code) ? code : '');
  const corpId = invite.data ? String(invite.data.corp_id) : (params.get('corp') ?? '');
  const withCorp = { ...values, corp_id: corpId };

  const submit = async () => {
    if (!form.validate({ corp_id: corpId })) return;
    await enterPortal(
      () => enter.mutateAsync(withCorp),
      T.registered,
      () => void navigate('/outside/index', { replace: true }),
    );
  };

  return (
    <div className="page">
      {invite.data ? (
        <NoticeBar
          color="info"
          content={`${T.invitedTo(invite.data.corp_name)} · ${T.invitedBy(invite.data.inviter_name)}`}
        />
      ) : invite.isError ? (
        <NoticeBar color="error" content={invite.error.message} wrap />
      ) : null}
      <PlainForm className="outside-register" onSubmit={submit}>
        <List mode="card">
          <FormField field={form.field('name')} label={T.name} required>
            <Input {...form.input('name')} placeholder={T.namePlaceholder} maxLength={20} clearable />
          </FormField>
          <PhoneAndCodeFields form={form} phone={values.phone} code={values.code} scene="outside" />
          <FormField field={form.field('invite_code')} label={T.inviteCode} required>
            <Input {...form.input('invite_code')} placeholder={T.inviteCodePlaceholder} maxLength={8} clearable />
          </FormField>
          {form.errors.corp_id ? (
            <List.Item>
              <span className="form-field__error" role="alert">
                {form.errors.corp_id}
              </span>
            </List.Item>
          ) : null}
        </List>
        <PortalActions submit={T.register} pending={enter.isPending} switchTo="/outside/login" switchText={T.toLogin} />
      </PlainForm>
    </div>
  );
}

import { corp } from '@crm/domain/endpoints/auth';
import { List } from 'antd-mobile';
import { endpointKey } from '../lib/endpoint-key.ts';
import { readQuery } from '../lib/read-query.ts';
import { enterPortal } from '../lib/enter-portal.ts';
import { useSchemaForm, type FieldBinding, type FormSchema } from '../lib/use-schema-form.ts';
import { FormField } from './form-field.tsx';
import { OptionField } from './option-field.tsx';
import { PhoneAndCodeFields, type PhoneCodeForm, type SmsScene } from './sms-code-field.tsx';
import { smsTexts as T } from './texts.ts';

/** GET corp: the companies a login offers (public), kept ten minutes. */
export const useCorps = readQuery(endpointKey(corp), corp, { method: 'GET', staleTime: 10 * 60_000 });

type CorpLoginValues = { corp_id: string; phone: string; code: string };

/** What the company, phone and code rows need of a login form. */
type CorpLoginForm = PhoneCodeForm & {
  field: (name: 'corp_id' | 'phone' | 'code') => FieldBinding;
  set: (name: 'corp_id' | 'phone' | 'code') => (value: string) => void;
  values: CorpLoginValues;
};

/**
 * The partner's and the channel agent's login form (their own sessions, not staff's): company, phone and SMS
 * code, the company being the one picked or, when the list has one, that one. `enter` sends the login, with
 * that company, once the form passes its schema, and goes in (lib/enter-portal.ts).
 */
export function useCorpLogin<Out>({
  schema,
  idPrefix,
  initialCorp = '',
}: {
  schema: FormSchema<Out>;
  idPrefix: string;
  initialCorp?: string;
}) {
  const corps = useCorps();
  const onlyCorp = corps.data?.length === 1 ? String(corps.data[0]?.value) : '';
  const form = useSchemaForm({
    schema,
    initial: { corp_id: initialCorp, phone: '', code: '' } satisfies CorpLoginValues,
    toInput: (values) => ({ ...values, corp_id: values.corp_id || onlyCorp }),
    idPrefix,
  });
  const corpId = form.values.corp_id || onlyCorp;
  const enter = async (send: (values: CorpLoginValues) => Promise<{ msg: string }>, done: string, goIn: () => void) => {
    if (!form.validate()) return;
    await enterPortal(() => send({ ...form.values, corp_id: corpId }), done, goIn);
  };
  return { form, corps, corpId, enter };
}

/** The company picker, the phone and the SMS code of a login (useCorpLogin). */
export function CorpLoginFields({
  login,
  scene,
}: {
  login: { form: CorpLoginForm; corps: ReturnType<typeof useCorps>; corpId: string };
  scene: SmsScene;
}) {
  const { form, corps, corpId } = login;
  return (
    <List mode="card">
      <FormField field={form.field('corp_id')} label={T.corp} required>
        <OptionField
          id={form.field('corp_id').id}
          value={corpId}
          options={corps.data ?? []}
          onChange={form.set('corp_id')}
          placeholder={corps.isError ? T.corpLoadFailed : T.corpPlaceholder}
        />
      </FormField>
      <PhoneAndCodeFields form={form} phone={form.values.phone} code={form.values.code} scene={scene} />
    </List>
  );
}

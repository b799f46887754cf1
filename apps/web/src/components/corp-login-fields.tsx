import { corpListSchema } from '@crm/domain/api/auth';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { apiGet } from '../lib/api-client.ts';
import type { FieldBinding } from '../lib/use-schema-form.ts';
import { FormField } from './form-field.tsx';
import { OptionField } from './option-field.tsx';
import { PhoneAndCodeFields, type PhoneCodeForm, type SmsScene } from './sms-code-field.tsx';
import { smsTexts as T } from './texts.ts';

/** GET /api/crm/corp: the companies a login offers (public), kept ten minutes. */
export const useCorps = () =>
  useQuery({
    queryKey: ['public', 'corps'],
    queryFn: async ({ signal }) =>
      corpListSchema.parse((await apiGet<unknown>('/api/crm/corp', undefined, signal)).data),
    staleTime: 10 * 60_000,
  });

/** What the company, phone and code rows need of a login form. */
export type CorpLoginForm = PhoneCodeForm & {
  field: (name: 'corp_id' | 'phone' | 'code') => FieldBinding;
  set: (name: 'corp_id' | 'phone' | 'code') => (value: string) => void;
};

/**
 * The company picker, the phone and the SMS code of the partner's and the channel agent's logins (their
 * own sessions, not staff's). `corpId` is what the form holds, or the only company when there is one.
 */
export function CorpLoginFields({
  form,
  corps,
  corpId,
  phone,
  code,
  scene,
}: {
  form: CorpLoginForm;
  corps: ReturnType<typeof useCorps>;
  corpId: string;
  phone: string;
  code: string;
  scene: SmsScene;
}) {
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
      <PhoneAndCodeFields form={form} phone={phone} code={code} scene={scene} />
    </List>
  );
}

import { phoneSchema } from '@crm/domain/validation';
import { Button, Input, type InputProps } from 'antd-mobile';
import { useState } from 'react';
import { FormField } from './form-field.tsx';
import { smsCode } from '@crm/domain/endpoints/auth';
import { send } from '../lib/send.ts';
import { showErrorToast, showToast } from '../lib/toast.ts';
import type { FieldBinding } from '../lib/use-schema-form.ts';
import { smsTexts as T } from './texts.ts';
import { useCountdown } from '../lib/use-countdown.ts';

/** Whose login the code is for: a partner's (any phone) or a channel agent's (registered agents only). */
export type SmsScene = 'outside' | 'houseloan';

/** POST smsCode for a scene; the code itself only in demo mode (verifyCode). */
export async function sendSceneCode(phone: string, scene: SmsScene) {
  return (await send(smsCode, { phone, scene })).verifyCode ?? '';
}

export type SmsCodeFieldProps = {
  field: FieldBinding;
  phone: string;
  value: string;
  onChange: (code: string) => void;
  scene: SmsScene;
};

/** The code field with its 获取验证码 button (59 s before another); demo mode fills it in. */
export function SmsCodeField({ field, phone, value, onChange, scene }: SmsCodeFieldProps) {
  const countdown = useCountdown();
  const [isSending, setIsSending] = useState(false);
  const send = async () => {
    if (!phoneSchema.safeParse(phone).success) {
      showToast({ content: T.phoneFirst, icon: 'fail' });
      return;
    }
    setIsSending(true);
    try {
      const demoCode = await sendSceneCode(phone, scene);
      countdown.start();
      if (demoCode) onChange(demoCode);
      showToast({ content: demoCode ? `${T.smsSent}\n${T.demoCode(demoCode)}` : T.smsSent, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <FormField
      field={field}
      label={T.code}
      required
      extra={
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={isSending}
          disabled={countdown.isCounting}
          onClick={() => void send()}
        >
          {countdown.isCounting ? T.countdown(countdown.seconds) : T.getCode}
        </Button>
      }
    >
      <Input
        id={field.id}
        value={value}
        onChange={(text) => onChange(text.replace(/\D/g, ''))}
        placeholder={T.codePlaceholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
    </FormField>
  );
}

/** What the phone-and-code rows need of a form (the login and the registration forms). */
export type PhoneCodeForm = {
  field: (name: 'phone' | 'code') => FieldBinding;
  input: (name: 'phone') => InputProps;
  set: (name: 'phone' | 'code') => (value: string) => void;
};

/** The phone row (digits only) and the code row below it, as both the login and the registration ask them. */
export function PhoneAndCodeFields({
  form,
  phone,
  code,
  scene,
}: {
  form: PhoneCodeForm;
  phone: string;
  code: string;
  scene: SmsScene;
}) {
  return (
    <>
      <FormField field={form.field('phone')} label={T.phone} required>
        <Input
          {...form.input('phone')}
          onChange={(text) => form.set('phone')(text.replace(/\D/g, ''))}
          placeholder={T.phonePlaceholder}
          inputMode="tel"
          maxLength={11}
          clearable
        />
      </FormField>
      <SmsCodeField field={form.field('code')} phone={phone} value={code} onChange={form.set('code')} scene={scene} />
    </>
  );
}

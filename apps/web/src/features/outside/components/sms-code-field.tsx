import { phoneSchema } from '@crm/domain/validation';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { sendPartnerCode } from '../api/session.ts';
import { outsideTexts as T } from '../texts.ts';
import { useCountdown } from './use-countdown.ts';

export type SmsCodeFieldProps = {
  field: FieldBinding;
  phone: string;
  value: string;
  onChange: (code: string) => void;
};

/** The code field with its 获取验证码 button (scene 'outside', 60 s before another); demo mode fills it in. */
export function SmsCodeField({ field, phone, value, onChange }: SmsCodeFieldProps) {
  const countdown = useCountdown();
  const [isSending, setIsSending] = useState(false);
  const send = async () => {
    if (!phoneSchema.safeParse(phone).success) {
      showToast({ content: T.phoneFirst, icon: 'fail' });
      return;
    }
    setIsSending(true);
    try {
      const demoCode = await sendPartnerCode(phone);
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

import { providerErrorClass } from '../provider-error.ts';

export interface SmsAdapter {
  readonly kind: 'demo' | 'tencent';
  /** true only for the demo adapter: the server may then echo the code back in data.verifyCode */
  readonly revealsCode: boolean;
  /** Throws SmsSendError (its message is Chinese and safe to show the user) on any failure. */
  sendVerificationCode(phone: string, code: string): Promise<void>;
  /**
   * A notice on one of the provider's approved templates (issue 48: the e-sign reminder). Throws SmsSendError like
   * the code; a provider with no template for it throws with providerCode 'TemplateNotConfigured'.
   */
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
}

/** The e-sign reminder: the company, the document, and when the signing link stops working (Beijing time). */
export type SmsNotice = { kind: 'esign-reminder'; params: [company: string, title: string, expiresAt: string] };

export const SMS_SEND_FAILED_MESSAGE = '短信发送失败，请稍后再试';

export interface SmsSendErrorDetails {
  /** What the provider (or transport) said, for logs: e.g. 'LimitExceeded.PhoneNumberDailyLimit', 'Timeout'. */
  readonly providerCode: string;
  readonly providerMessage?: string;
  readonly requestId?: string;
  readonly cause?: unknown;
}

/**
 * The message is deliberately generic and user-facing; the provider's own code and text stay in
 * separate fields so they reach the logs without leaking quota or account details to the user.
 */
export const SmsSendError = providerErrorClass<SmsSendErrorDetails>('SmsSendError', () => SMS_SEND_FAILED_MESSAGE);
export type SmsSendError = InstanceType<typeof SmsSendError>;

import { PHONE_PATTERN, SMS_CODE_PATTERN, VALIDATION_MESSAGES } from '@crm/domain/validation';

export type LoginForm = { corpId: number | null; phone: string; code: string };
export type LoginField = 'corpId' | 'phone' | 'code';

export type LoginProblem = { field: LoginField | 'stored'; message: string };

/** On failure, the first problem and, in `problems`, every field's, so the form can mark them all at once. */
export type LoginFormResult =
  | { ok: true; values: { corp_id: number; phone: string; code: string } }
  | ({ ok: false; problems: LoginProblem[] } & LoginProblem);

type Messages = Record<
  'phoneRequired' | 'phoneFormat' | 'codeRequired' | 'codeFormat' | 'corpRequired' | 'codeMismatch',
  string
>;

/**
 * The rules of the domain's phoneSchema / smsCodeSchema / corpIdSchema (required, then length, then
 * format), without zod: zod would add ~20 KB gzipped to the login bundle. login-rules.test.ts checks
 * that both give the same message for the same input.
 */
export function checkPhone(phone: string, messages: Messages = VALIDATION_MESSAGES): string | null {
  const value = phone.trim();
  if (value === '') return messages.phoneRequired;
  if (value.length > 11 || !PHONE_PATTERN.test(value)) return messages.phoneFormat;
  return null;
}

export function checkSmsCode(code: string, messages: Messages = VALIDATION_MESSAGES): string | null {
  const value = code.trim();
  if (value === '') return messages.codeRequired;
  if (value.length > 6 || !SMS_CODE_PATTERN.test(value)) return messages.codeFormat;
  return null;
}

export function checkCorpId(corpId: number | null, messages: Messages = VALIDATION_MESSAGES): string | null {
  return corpId !== null && Number.isInteger(corpId) && corpId > 0 ? null : messages.corpRequired;
}

/**
 * The login button's checks in the order of the spec's form: company, phone, code; then, once those hold,
 * the stored phone: an SMS must have gone to this very phone, or 验证码输入错误. Whether the code is right
 * is the server's call only (ARCHITECTURE.md, identity).
 */
export function validateLoginForm(
  form: LoginForm,
  storedPhone: string | null,
  messages: Messages = VALIDATION_MESSAGES,
): LoginFormResult {
  const problems: LoginProblem[] = [];
  const corpError = checkCorpId(form.corpId, messages);
  if (corpError !== null) problems.push({ field: 'corpId', message: corpError });
  const phoneError = checkPhone(form.phone, messages);
  if (phoneError !== null) problems.push({ field: 'phone', message: phoneError });
  const codeError = checkSmsCode(form.code, messages);
  if (codeError !== null) problems.push({ field: 'code', message: codeError });

  const phone = form.phone.trim();
  if (problems.length === 0 && (!storedPhone || storedPhone !== phone)) {
    problems.push({ field: 'stored', message: messages.codeMismatch });
  }
  const [first] = problems;
  // checkCorpId refuses a null company, so `first` is always set here; the null test narrows corpId.
  if (first || form.corpId === null) {
    return { ok: false, field: 'corpId', message: messages.corpRequired, ...first, problems };
  }
  return { ok: true, values: { corp_id: form.corpId, phone, code: form.code.trim() } };
}

/** The SMS button needs a phone that passes the phone rules. */
export function isSendablePhone(phone: string): boolean {
  return checkPhone(phone) === null;
}

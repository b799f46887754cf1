import { useDuplicateCheck } from '../lib/duplicate-check.ts';

export type DuplicateHintProps = { phone: string; idNumber: string };

/**
 * Under a form's phone and ID number: `该客户已由 王** 跟进（保护至12月20日）` the moment a whole number is typed,
 * before the rest of the form is filled (decision 066). Silent when the customer is free, or when the check
 * cannot answer (the submit still refuses a held customer).
 */
export function DuplicateHint({ phone, idNumber }: DuplicateHintProps) {
  const check = useDuplicateCheck(phone, idNumber);
  const message = check.data?.message ?? '';
  if (message === '') return null;
  return (
    <div className="duplicate-hint" role="alert">
      {message}
    </div>
  );
}

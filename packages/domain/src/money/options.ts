import { list, REPAYMENT_METHODS } from '../options/index.ts';

/** Customer repayment methods of spec §9, by the code stored on a money record: the case form's list. */
export { REPAYMENT_METHODS };
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number]['value'];

/** Methods that involve a card, for which the form asks the card's number (OCR can read it). */
export const CARD_METHODS: readonly number[] = [1, 2, 4];

/**
 * The 12 proof types of spec §9. The spec names eight ("bill, invoice, contract, policy, receipt, POS
 * slip, driving licence, payment screenshot, and others"); the last four are the documents a repayment is
 * most often proven with besides those, ending with "other" so nothing is unfileable.
 */
export const PROOF_TYPES = list([
  '账单',
  '发票',
  '合同',
  '保单',
  '收据',
  'POS单',
  '行驶证',
  '付款截图',
  '银行流水',
  '转账回单',
  '还款计划表',
  '其他',
]);
export type ProofType = (typeof PROOF_TYPES)[number]['value'];

export const labelOf = (options: readonly { value: number; label: string }[], value: number): string =>
  options.find((option) => option.value === value)?.label ?? String(value);

/** At most this many images on one proof or one money record (a phone grid of 3 × 3). */
export const MAX_IMAGES_PER_PROOF = 9;
/** At most this many live proofs on one case, so a case's proof list is bounded without paging. */
export const MAX_PROOFS_PER_CASE = 50;
/** Upload ceiling of the issue: 10 MB per image. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

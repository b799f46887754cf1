import { z } from 'zod';
import { FEE_KINDS, FEE_MODES, feeOfLoan, type FeeKind, type FeeMode } from '../calculator/all-in-cost.ts';

/*
 * The fees of a case and of a product (decision 068). A case's fees are fen, as agreed with the client; a
 * product's are shares of the loan (ppm), turned into fen for a given amount when a match pre-fills a case.
 */

const kindSchema = z.enum(FEE_KINDS.map((kind) => kind.value) as [FeeKind, ...FeeKind[]], {
  error: '费用类型无效',
});
const modeSchema = z.enum(FEE_MODES.map((mode) => mode.value) as [FeeMode, ...FeeMode[]], {
  error: '收取方式无效（一次性或按月）',
});
const payeeSchema = z.string({ error: '请填写收款方' }).trim().min(1, '请填写收款方').max(30, '收款方最多 30 个字');

/** At most this many fees on a case or a product. */
export const MAX_FEES = 10;

/** One fee of a case: what for, once or monthly, how much (fen), who receives it. */
export const caseFeeSchema = z.object(
  {
    kind: kindSchema,
    mode: modeSchema,
    amount_fen: z
      .number({ error: '费用金额无效' })
      .int('费用金额须为整数（分）')
      .min(0, '费用金额不能为负')
      .max(9_999_999_999, '费用金额过大'),
    payee: payeeSchema,
  },
  { error: '费用格式无效' },
);
export type CaseFee = z.output<typeof caseFeeSchema>;
export const caseFeesSchema = z
  .array(caseFeeSchema, { error: '费用格式无效' })
  .max(MAX_FEES, `费用最多 ${MAX_FEES} 项`);

/**
 * The case form's `fees` field as multipart sends it: a JSON array, or empty for none. A malformed text is
 * refused in words, never a 5xx.
 */
export const caseFeesFieldSchema = z
  .unknown()
  .optional()
  .transform((sent, ctx): CaseFee[] => {
    let parsed: unknown = sent;
    // Multipart carries a JSON text; a JSON body may carry the array itself.
    if (sent === undefined || sent === null) return [];
    if (typeof sent === 'string') {
      const value = sent.trim();
      if (value === '' || value === 'null') return [];
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
    }
    const result = caseFeesSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      // The array itself malformed (not a list at all) reads as one message; a fee's own field keeps its words.
      ctx.addIssue({ code: 'custom', message: issue && issue.path.length > 0 ? issue.message : '费用格式无效' });
      return [];
    }
    return result.data;
  });

/** One fee a product charges: a share of the loan (ppm, 2 % = 20000), once or every month. */
export const productFeeSchema = z.object(
  {
    kind: kindSchema,
    mode: modeSchema,
    rate_ppm: z.number({ error: '费率无效' }).int('费率无效').min(0, '费率不能为负').max(1_000_000, '费率过大'),
    payee: payeeSchema,
  },
  { error: '费用格式无效' },
);
export type ProductFee = z.output<typeof productFeeSchema>;
export const productFeesSchema = z
  .array(productFeeSchema, { error: '费用格式无效' })
  .max(MAX_FEES, `费用最多 ${MAX_FEES} 项`);

/** A product's fees in fen for a loan of `amountFen`: what a match pre-fills the new case with. */
export const productFeesInFen = (fees: readonly ProductFee[], amountFen: number): CaseFee[] =>
  fees.map((fee) => ({
    kind: fee.kind,
    mode: fee.mode,
    amount_fen: feeOfLoan(amountFen, fee.rate_ppm),
    payee: fee.payee,
  }));

/** A case's fees as the cost calculation reads them. */
export const fenFees = (fees: readonly CaseFee[]) => fees.map((fee) => ({ mode: fee.mode, amountFen: fee.amount_fen }));

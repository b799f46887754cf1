import { agreementSchedule, isFeeType, isRepaymentMethod } from '@crm/domain/calculator';
import type { CaseAgreementTerms } from '../cases/index.ts';
import type { PactValues } from './pact.repository.ts';
import { PACT_TEXTS as T } from './pact.texts.ts';

/** The agreement's terms, schedule and parties as they stand now, or why none can be drawn up yet. */
export type Draft = Omit<PactValues, 'id' | 'corpId' | 'clientId' | 'frozenAt' | 'frozenBy'>;

/**
 * Draws the agreement up from the case, its product's price and the parties' names: the calculator engine
 * computes the schedule and its IRR (packages/domain/src/calculator/agreement.ts). Pure.
 */
export function draftPact(
  terms: CaseAgreementTerms,
  names: { companyName: string; ownerName: string },
): { draft: Draft } | { refusal: string } {
  if (terms.productName === '') return { refusal: T.noProduct };
  if (terms.amountFen <= 0) return { refusal: T.noAmount };
  const { feeType, ratePpm } = terms;
  if (!isFeeType(feeType) || ratePpm === null) return { refusal: T.unpriced };
  const method = feeType === 3 && isRepaymentMethod(terms.repaymentMethod) ? terms.repaymentMethod : null;
  if (feeType === 3 && method === null) return { refusal: T.unpriced };
  const schedule = agreementSchedule({
    amountFen: terms.amountFen,
    termMonths: terms.termMonths,
    feeType,
    ratePpm,
    method,
  });
  return {
    draft: {
      bankName: terms.bankName,
      productName: terms.productName,
      amountFen: terms.amountFen,
      termMonths: terms.termMonths,
      feeType,
      ratePpm,
      repaymentMethod: method,
      nominalAnnualPpm: schedule.nominalAnnualPpm,
      irrPpm: schedule.irrPpm,
      totalInterestFen: schedule.totalInterestFen,
      schedule: schedule.rows,
      borrowerName: terms.name,
      borrowerIdNumber: terms.idNumber,
      borrowerPhone: terms.phone,
      intermediaryName: names.companyName,
      agentId: terms.ownerId,
      agentName: names.ownerName,
    },
  };
}

import { pactRowOf, type FinancePact } from '@crm/domain/api/pact';
import { feeTypeLabel, isFeeType } from '@crm/domain/calculator';
import { CASE_STATUS, CASE_STATUS_LABELS } from '@crm/domain/status';
import type { Clock } from '../../clock.ts';
import { RefusedError } from '../../errors.ts';
import type { Access } from '../access/index.ts';
import { caseAgreementTerms } from '../cases/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { draftPact, type Draft } from './pact.draft.ts';
import type { PactRepository } from './pact.repository.ts';
import { PACT_TEXTS as T } from './pact.texts.ts';

/** Statuses a case reaches only through approval: its agreement is binding. */
const APPROVED: readonly number[] = [CASE_STATUS.APPROVED, CASE_STATUS.MORTGAGING, CASE_STATUS.DISBURSED];
/** Statuses on the way to approval: the agreement is a draft that follows the case. */
const ON_THE_WAY: readonly number[] = [
  CASE_STATUS.SIGNING,
  CASE_STATUS.SIGNING_FAILED,
  CASE_STATUS.APPROVING,
  CASE_STATUS.NEEDS_DOCUMENTS,
];

const statusLabel = (status: number) => CASE_STATUS_LABELS[status as keyof typeof CASE_STATUS_LABELS] ?? '';

function answer(
  clientId: number,
  caseStatus: number,
  draft: Draft,
  frozen: { at: Date; byName: string | null } | null,
): FinancePact {
  const feeType = isFeeType(draft.feeType) ? draft.feeType : 1;
  return {
    client_id: clientId,
    state: frozen ? 'frozen' : 'draft',
    case_status: caseStatus,
    case_status_label: statusLabel(caseStatus),
    frozen_at: frozen ? frozen.at.toISOString() : null,
    frozen_by_name: frozen?.byName ?? null,
    bank_name: draft.bankName,
    product_name: draft.productName,
    amount_fen: draft.amountFen,
    term_months: draft.termMonths,
    fee_type: feeType,
    fee_type_label: feeTypeLabel(feeType),
    rate_ppm: draft.ratePpm,
    repayment_method: draft.repaymentMethod ?? null,
    nominal_annual_ppm: draft.nominalAnnualPpm,
    irr_ppm: draft.irrPpm,
    total_interest_fen: draft.totalInterestFen,
    total_fen: draft.amountFen + draft.totalInterestFen,
    schedule: draft.schedule.map(pactRowOf),
    parties: {
      borrower_name: draft.borrowerName,
      borrower_id_number: draft.borrowerIdNumber,
      borrower_phone: draft.borrowerPhone,
      lender_name: [draft.bankName, draft.productName].filter(Boolean).join(' · '),
      intermediary_name: draft.intermediaryName,
      agent_name: draft.agentName,
    },
  };
}

export function createPactService({ repo, access, now }: { repo: PactRepository; access: Access; now: Clock }) {
  return {
    /**
     * GET financePact: the owner, the team's leader and the signing centre (access `pact.read`). An approved
     * case answers its frozen agreement; one approved before agreements existed (or while its product had no
     * price) is frozen at this first read, once, whoever reads first (the unique index decides a race).
     */
    async financePact(me: StaffIdentity, clientId: number): Promise<FinancePact> {
      const c = await access.require(me, 'pact.read', clientId);
      const stored = await repo.findStored(me.corpId, clientId);
      if (stored) return answer(clientId, c.status, stored, { at: stored.frozenAt, byName: stored.frozenByName });
      if (!APPROVED.includes(c.status) && !ON_THE_WAY.includes(c.status))
        throw new RefusedError(T.closedWithoutApproval);
      const frozen = await repo.transaction(async (tx) => {
        const terms = await caseAgreementTerms(tx, me.corpId, clientId);
        if (!terms) return { kind: 'refusal' as const, refusal: T.noProduct };
        const names = await repo.namesOf(tx, me.corpId, terms.ownerId);
        const drawn = draftPact(terms, { companyName: names.companyName, ownerName: names.staffName });
        if ('refusal' in drawn) return { kind: 'refusal' as const, refusal: drawn.refusal };
        if (!APPROVED.includes(terms.status))
          return { kind: 'draft' as const, draft: drawn.draft, status: terms.status };
        await repo.insertPactOnce(tx, {
          ...drawn.draft,
          corpId: me.corpId,
          clientId,
          frozenAt: now(),
          frozenBy: null,
        });
        return { kind: 'frozen' as const, pact: await repo.findPact(tx, me.corpId, clientId), status: terms.status };
      });
      if (frozen.kind === 'refusal') throw new RefusedError(frozen.refusal);
      if (frozen.kind === 'draft') return answer(clientId, frozen.status, frozen.draft, null);
      const pact = frozen.pact;
      if (!pact) throw new RefusedError(T.unpriced);
      return answer(clientId, frozen.status, pact, { at: pact.frozenAt, byName: pact.frozenByName });
    },
  };
}
export type PactService = ReturnType<typeof createPactService>;

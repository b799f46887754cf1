import { stageLabel, type HouseloanReferral } from '@crm/domain/api/houseloan';
import { formatFen } from '@crm/domain/money';
import { Link } from 'react-router';
import { houseloanTexts as T } from '../texts.ts';

/** One referral in the agent's lists: client, stage, loan, and whether the consent photo is still missing. */
export function ReferralItem({ item, to }: { item: HouseloanReferral; to: string }) {
  return (
    <Link className="houseloan-row" to={to}>
      <div className="houseloan-row__top">
        <span>
          {item.name} <span className="houseloan-muted">{item.phone}</span>
        </span>
        <span className={`houseloan-stage houseloan-stage--${item.stage}`}>{stageLabel(item.stage)}</span>
      </div>
      <div className="houseloan-muted">
        {T.loanOf(formatFen(item.loan_amount_fen), item.term_months)} · {item.bank}
        {item.has_consent ? '' : ` · ${T.noConsent}`}
      </div>
    </Link>
  );
}

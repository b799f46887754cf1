import { formatDay } from '@crm/domain/datetime';
import { CLOSED_STATUSES } from '@crm/domain/status';
import type { CaseListItem } from '@crm/domain/api/cases';
import { formatFen } from '@crm/domain/money';
import { Link } from 'react-router';
import { casesTexts } from '../texts.ts';
import { StatusTag } from './status-tag.tsx';

export type CaseRowProps = { item: CaseListItem; to: string };

/** A case still being worked whose client has not consented (decision 073): it cannot go past intake. */
const awaitsConsent = (item: CaseListItem) =>
  !item.consent && !(CLOSED_STATUSES as readonly number[]).includes(item.status);

/** One case in a list: name, status, masked phone, amount and term; the open cases without consent marked. */
export function CaseRow({ item, to }: CaseRowProps) {
  return (
    <Link className="case-row" to={to}>
      <div className="case-row__top">
        <span>{item.name}</span>
        <span>
          {awaitsConsent(item) ? <span className="case-row__consent">{casesTexts.consent.tag.none}</span> : null}
          <StatusTag status={item.status} />
        </span>
      </div>
      <div className="case-row__sub">
        <span>{item.phone}</span>
        <span>
          {formatFen(item.amount_fen)} · {casesTexts.months(item.term)}
        </span>
      </div>
      <div className="case-row__sub">
        <span>{formatDay(item.created_at)}</span>
        <span>{item.owner_name}</span>
      </div>
    </Link>
  );
}

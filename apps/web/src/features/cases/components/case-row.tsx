import { formatDay } from '@crm/domain/datetime';
import type { CaseListItem } from '@crm/domain/api/cases';
import { formatFen } from '@crm/domain/money';
import { Link } from 'react-router';
import { casesTexts } from '../texts.ts';
import { StatusTag } from './status-tag.tsx';

export type CaseRowProps = { item: CaseListItem; to: string };

/** One case in a list: name, status, masked phone, amount and term. */
export function CaseRow({ item, to }: CaseRowProps) {
  return (
    <Link className="case-row" to={to}>
      <div className="case-row__top">
        <span>{item.name}</span>
        <StatusTag status={item.status} />
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

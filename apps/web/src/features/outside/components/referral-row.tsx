import type { ReferralListItem } from '@crm/domain/api/outside';
import { formatFen } from '@crm/domain/money';
import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { outsideTexts as T } from '../texts.ts';

const TAG_COLORS: Record<number, string> = { 1: 'primary', 2: 'success', 3: 'default' };

/** One referral in a list: name, status (and the case's once converted), masked phone, amount, protection. */
export function ReferralRow({ item, to }: { item: ReferralListItem; to: string }) {
  return (
    <Link className="case-row" to={to}>
      <div className="case-row__top">
        <span>{item.name}</span>
        <Tag color={TAG_COLORS[item.status] ?? 'default'}>{item.case_status_label || item.status_label}</Tag>
      </div>
      <div className="case-row__sub">
        <span>{item.phone}</span>
        <span>
          {formatFen(item.amount_fen)}
          {item.product_name ? ` · ${item.product_name}` : ''}
        </span>
      </div>
      <div className="case-row__sub">
        <span>{item.status === 1 ? T.protectedUntil(item.protected_until) : item.created_at.slice(0, 10)}</span>
        <span>{item.partner_name}</span>
      </div>
    </Link>
  );
}

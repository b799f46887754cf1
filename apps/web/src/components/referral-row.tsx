import type { ReferralListItem } from '@crm/domain/api/outside';
import { formatFen } from '@crm/domain/money';
import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { componentTexts as T } from './texts.ts';

const TAG_COLORS: Record<number, string> = { 1: 'primary', 2: 'success', 3: 'default' };

/** A day in China's time zone as YYYY-MM-DD (the Swedish locale writes dates that way), whatever the phone's zone. */
export const dayOf = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/**
 * One partner referral in a list, for the partner (/outside/list) and for staff (/business/ysblist): name, the
 * referral's status and, once converted, the case's; masked phone, amount and product, protection, partner.
 */
export function ReferralRow({ item, to }: { item: ReferralListItem; to: string }) {
  return (
    <Link className="case-row" to={to}>
      <div className="case-row__top">
        <span>{item.name}</span>
        <Tag color={TAG_COLORS[item.status] ?? 'default'}>
          {item.case_status_label ? `${item.status_label} · ${item.case_status_label}` : item.status_label}
        </Tag>
      </div>
      <div className="case-row__sub">
        <span>{item.phone}</span>
        <span>
          {formatFen(item.amount_fen)}
          {item.product_name ? ` · ${item.product_name}` : ''}
        </span>
      </div>
      <div className="case-row__sub">
        <span>{item.status === 1 ? T.protectedUntil(dayOf(item.protected_until)) : dayOf(item.created_at)}</span>
        <span>{item.partner_name}</span>
      </div>
    </Link>
  );
}

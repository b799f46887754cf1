import { formatDay } from '@crm/domain/datetime';
import type { ReferralDetail, ReferralListItem } from '@crm/domain/api/outside';
import type { ReactNode } from 'react';
import { formatFen } from '@crm/domain/money';
import { List, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { CopyOnLongPress, PhoneLink } from './contact-values.tsx';
import { componentTexts as T, referralTexts as R } from './texts.ts';

const TAG_COLORS: Record<number, string> = { 1: 'primary', 2: 'success', 3: 'default' };

/** A day in China's time zone as YYYY-MM-DD, whatever the phone's zone (the one formatter). */
export const dayOf = (iso: string) => formatDay(iso);

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

/**
 * One referral's facts as a card, for the partner (/outside/detail) and for staff (/business/houseYsb): the
 * referral's and the case's status, protection, contact, amount, product, who referred it and when; the page
 * adds its own rows (the partner's channel picker, staff's channel) as children.
 */
export function ReferralFacts({
  item,
  partnerLabel,
  children,
}: {
  item: ReferralDetail;
  partnerLabel: string;
  children?: ReactNode;
}) {
  return (
    <List mode="card" header={item.name}>
      <List.Item extra={item.status_label}>{R.status}</List.Item>
      {item.status === 1 ? <List.Item extra={dayOf(item.protected_until)}>{R.protectedUntil}</List.Item> : null}
      {item.case_status_label ? <List.Item extra={item.case_status_label}>{R.caseStatus}</List.Item> : null}
      <List.Item extra={<PhoneLink phone={item.phone} />}>{R.phone}</List.Item>
      <List.Item extra={<CopyOnLongPress value={item.id_number} />}>{R.idNumber}</List.Item>
      <List.Item extra={formatFen(item.amount_fen)}>{R.amount}</List.Item>
      <List.Item extra={item.product_name || '-'}>{R.product}</List.Item>
      <List.Item extra={item.partner_name}>{partnerLabel}</List.Item>
      <List.Item extra={dayOf(item.created_at)}>{R.createdAt}</List.Item>
      {item.converted_at ? <List.Item extra={dayOf(item.converted_at)}>{R.convertedAt}</List.Item> : null}
      {item.released_at ? <List.Item extra={dayOf(item.released_at)}>{R.releasedAt}</List.Item> : null}
      {item.remarks ? <List.Item description={item.remarks}>{R.remarks}</List.Item> : null}
      {children}
    </List>
  );
}

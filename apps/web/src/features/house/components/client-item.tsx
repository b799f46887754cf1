import type { HouseClientItem } from '@crm/domain/api/house';
import { formatFen } from '@crm/domain/money';
import { HOUSE_STATUS_OPTIONS } from '@crm/domain/house';
import { List, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { houseTexts as t } from '../texts.ts';

export const statusLabel = (status: number) =>
  HOUSE_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? String(status);

export type ClientItemProps = { client: HouseClientItem; onClick: () => void; extra?: ReactNode };

/** A home-loan client in a list: name, phone, amount and term, channel, status. */
export function ClientItem({ client, onClick, extra }: ClientItemProps) {
  return (
    <List.Item
      onClick={onClick}
      description={`${client.phone} · ${formatFen(client.loan_amount_fen)} · ${t.months(client.term_months)}${client.channel_name ? ` · ${client.channel_name}` : ''}`}
      extra={
        extra ?? (
          <Tag color="primary" fill="outline">
            {statusLabel(client.status)}
          </Tag>
        )
      }
    >
      {client.name}
      {client.brokerage_state !== 'none' ? (
        <Tag
          className="house-tag"
          color={client.brokerage_state === 'pending_audit' ? 'warning' : 'success'}
          fill="outline"
        >
          {t.brokerageState[client.brokerage_state]}
        </Tag>
      ) : null}
    </List.Item>
  );
}

import type { HouseClientItem } from '@crm/domain/api/house';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { houseTexts as t } from '../texts.ts';
import { ClientItem } from './client-item.tsx';
import { RowList } from './row-list.tsx';

/** The client's detail page; `father` is the client it was opened from in a referral chain (0: none). */
export const houseDetailPath = (id: number, father: number | string = 0) => `/business/houseDetail/${father}/${id}`;

/** The steward's page of a client, where the signing is booked. */
export const houseSignDetailPath = (id: number) => `/business/houseSignDetail/${id}`;

export type ClientListProps = {
  list: PagedListState<HouseClientItem>;
  /** Where tapping a client goes. */
  to: (client: HouseClientItem) => string;
  header?: ReactNode;
  emptyText?: string;
  /** What the row shows on the right instead of the status tag. */
  extra?: (client: HouseClientItem) => ReactNode;
};

/** A paged list of home-loan clients, each opening its page on tap. */
export function ClientList({ list, to, header, emptyText = t.emptyClients, extra }: ClientListProps) {
  const navigate = useNavigate();
  return (
    <RowList
      list={list}
      header={header}
      emptyText={emptyText}
      renderItem={(client) => (
        <ClientItem key={client.id} client={client} extra={extra?.(client)} onClick={() => void navigate(to(client))} />
      )}
    />
  );
}

import type { HouseChannel } from '@crm/domain/api/house';
import type { ReactNode } from 'react';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { houseTexts as t } from '../texts.ts';
import { Rows } from './row-list.tsx';

export type ChannelListProps = {
  list: PagedListState<HouseChannel>;
  /** The line under the channel's name. */
  description: (channel: HouseChannel) => string;
  extra: (channel: HouseChannel) => ReactNode;
  onPick: (channel: HouseChannel) => void;
};

/** A paged list of channels, each row named by its channel. */
export function ChannelList({ list, description, extra, onPick }: ChannelListProps) {
  return (
    <Rows
      list={list}
      emptyText={t.emptyChannels}
      row={(channel) => ({
        title: channel.name,
        description: description(channel),
        extra: extra(channel),
        onClick: () => onPick(channel),
      })}
    />
  );
}

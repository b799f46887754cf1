import { addHouseChannel, getHouseChannelList } from '@crm/domain/endpoints/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useHouseCreate } from './house-create.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseChannelList: the caller's channels (finance: all); `id` narrows to one. */
export const channelListConfig = (params: { keyword?: string; id?: number }) =>
  pagedListConfig(houseKeys.channels, getHouseChannelList, params);

export const useChannelList = (params: { keyword?: string; id?: number }) => usePagedList(channelListConfig(params));

/** POST /api/crm/addHouseChannel, once per form fill. */
export const useAddHouseChannel = () => useHouseCreate(addHouseChannel, 'channels');

import { houseChannelListSchema } from '@crm/domain/api/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useHouseCreate } from './house-create.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseChannelList: the caller's channels (finance: all); `id` narrows to one. */
export const channelListConfig = (params: { keyword?: string; id?: number }) =>
  pagedListConfig(houseKeys.channels, '/api/crm/getHouseChannelList', houseChannelListSchema, params);

export const useChannelList = (params: { keyword?: string; id?: number }) => usePagedList(channelListConfig(params));

/** POST /api/crm/addHouseChannel, once per form fill. */
export const useAddHouseChannel = () => useHouseCreate('/api/crm/addHouseChannel', 'channels');

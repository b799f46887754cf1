import * as G from '@crm/domain/endpoints/groupsend';
import type { GroupAudience } from '@crm/domain/api/groupsend';
import { useQuery } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send } from '../../../lib/send.ts';

/* Group sends to customers (群发, decision 080) through their endpoint contracts. */

export const useGroupSendOptions = readQuery(endpointKey(G.groupSendOptions), G.groupSendOptions, { method: 'GET' });

/** Who the filter picks and who is at the month's limit, asked again whenever the filter changes. */
export const useGroupPreview = (audience: GroupAudience) =>
  useQuery({
    queryKey: endpointKey(G.groupSendPreview, audience),
    // JSON: the lists stay lists even with one item.
    queryFn: ({ signal }) => send(G.groupSendPreview, audience, { signal, json: true }),
  });

export const useGroupSends = () => useEndpointList(endpointKey(G.groupSendList), G.groupSendList);

export const useGroupSend = (id: number) =>
  useQuery({
    queryKey: endpointKey(G.groupSendDetail, { id }),
    queryFn: ({ signal }) => send(G.groupSendDetail, { id }, { signal }),
  });

import { wecomSync as wecomSyncEndpoint } from '@crm/domain/endpoints/adminio';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../../../lib/send.ts';

/** Staff made and disabled from the WeCom directory; what changed (decision 059). */
export const wecomSync = () => send(wecomSyncEndpoint, {});

export const useWecomSync = () => useMutation({ mutationFn: wecomSync });

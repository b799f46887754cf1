import * as S from '@crm/domain/endpoints/scripts';
import type { ScriptTopic } from '@crm/domain/api/scripts';
import { useQuery } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { send, sendAnswer } from '../../../lib/send.ts';

/* The approved scripts in the sidebar (话术库, decision 080), through their endpoint contracts. */

export const scriptsKey = (topic: ScriptTopic | '', q: string) => endpointKey(S.scripts, { topic, q });

/** The active scripts of a topic ('' all) holding the words ('' any). */
export const useScripts = (topic: ScriptTopic | '', q: string) =>
  useQuery({
    queryKey: scriptsKey(topic, q),
    queryFn: ({ signal }) => send(S.scripts, { ...(topic ? { topic } : {}), q }, { signal }),
  });

/** Counts one use of a script put into the chat with `externalUserid` ('' outside a single chat). */
export const countScriptUse = (id: number, externalUserid: string) =>
  sendAnswer(S.scriptUse, { id, external_userid: externalUserid });

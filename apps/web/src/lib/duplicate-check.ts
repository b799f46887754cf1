import { duplicateCheck } from '@crm/domain/endpoints/ownership';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointKey } from './endpoint-key.ts';
import { send } from './send.ts';

const PHONE = /^1\d{10}$/;
const ID_NUMBER = /^\d{17}[\dXx]$/;
/** A pause after the last keystroke before asking: one check per number typed, not one per digit. */
const SETTLE_MS = 400;

/**
 * The duplicate check before intake (decision 066): as soon as a whole phone or ID number is typed, who holds
 * that customer, masked. Every form that takes a customer in (新增报单, 新增房贷, the partner's and the agent's
 * referral forms) asks it; nothing is asked for a partial number.
 */
export function useDuplicateCheck(phone: string, idNumber: string) {
  const p = PHONE.test(phone.trim()) ? phone.trim() : '';
  const i = ID_NUMBER.test(idNumber.trim()) ? idNumber.trim().toUpperCase() : '';
  const [asked, setAsked] = useState({ p: '', i: '' });
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ p, i }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [p, i]);
  return useQuery({
    queryKey: endpointKey(duplicateCheck, { phone: asked.p, id_number: asked.i }),
    enabled: asked.p !== '' || asked.i !== '',
    queryFn: ({ signal }) => send(duplicateCheck, { phone: asked.p, id_number: asked.i }, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

import { allInCostCap, productMatch } from '@crm/domain/endpoints/cases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readQuery } from '../../../lib/read-query.ts';
import { send } from '../../../lib/send.ts';
import { casesKeys } from './keys.ts';

/** What the matching form sends: the profile as typed, every value a string, '' for not known. */
export type MatchFields = Record<string, string>;

/** POST productMatch (decision 068): the company's products read against the profile. */
export const getProductMatch = (fields: MatchFields, signal?: AbortSignal) => send(productMatch, fields, { signal });

/** The matching list for the fields last sent; nothing is asked until the form is sent once (null). */
export const useProductMatch = (fields: MatchFields | null) =>
  useQuery({
    queryKey: casesKeys.match(fields ?? {}),
    queryFn: ({ signal }) => getProductMatch(fields ?? {}, signal),
    enabled: fields !== null,
    placeholderData: keepPreviousData,
  });

/** The company's warning line of the all-in cost (percent): the case form warns above it as it is typed. */
export const useAllInCostCap = readQuery(casesKeys.costCap, allInCostCap, { staleTime: 5 * 60_000 });

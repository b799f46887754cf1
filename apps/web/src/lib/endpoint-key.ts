import type { Endpoint } from '@crm/domain/endpoints';
import { toQueryString } from './api-client.ts';
import type { SendInput } from './send.ts';

/**
 * The query key of a read through its endpoint contract (issue 45): the contract's path, then the input when the
 * read has one. Invalidating `endpointKey(E.staffList)` marks every read of that endpoint stale, whatever its
 * input, so a write names the endpoints it changes rather than a string kept in step with the read.
 */
export function endpointKey<E extends Endpoint>(endpoint: E): readonly [path: string];
export function endpointKey<E extends Endpoint>(
  endpoint: E,
  input: SendInput<E>,
): readonly [path: string, input: SendInput<E>];
export function endpointKey<E extends Endpoint>(endpoint: E, input?: SendInput<E>) {
  return input === undefined ? ([endpoint.path] as const) : ([endpoint.path, input] as const);
}

/**
 * The address of a GET endpoint whose answer is a file (a report, an export): a link the browser follows with
 * the person's session, so the download is the browser's own and not a Blob held in the page.
 */
export const endpointHref = <E extends Endpoint>(endpoint: E, input: SendInput<E>): string =>
  `${endpoint.path}${toQueryString(input as Record<string, string | number | boolean | null | undefined>)}`;

import { API_CODE } from '@crm/domain/api/envelope';
import { useCallback, useState } from 'react';
import { ApiError, isNetworkFailure } from './api-client.ts';
import { queueWrite, type OutboxWrite } from './outbox.ts';

/**
 * A fresh key for one fill of a create form (decision 046): a random UUID, 36 characters of what the server's
 * key pattern takes ([A-Za-z0-9_-], 8 to 64).
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The key of the form being filled: the same across retries, a new one once the record was made. `adopt` takes
 * back the key of a restored draft (decision 058).
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  const adopt = useCallback((saved: string) => setKey(saved), []);
  return { key, renew, adopt };
}

/** A submit that never reached the server (or got no answer in time): what to say, and how to send it again. */
export type SubmitFailure = { message: string; retry: () => void };

/** Sends one submit with the fill's key, then does what follows a success (a toast, the next page). */
export type IdempotentStep = (key: string) => Promise<void>;

/**
 * A create call that may wait for the network (issue 49, decision 082): when its submit fails with the phone offline,
 * `write` is kept in the outbox with the fill's key and sent when the network is back; `onQueued` says so and
 * leaves the form, as a success would.
 */
export type OfflineSubmit = { write: (key: string) => OutboxWrite; onQueued: () => void };

/**
 * The submit of a create form on a weak network. `run(step, onRefused)` runs the step with the fill's key: a
 * refusal from the server goes to `onRefused`; a failure to reach it sets `failure` (shown by NetworkRetry),
 * whose retry runs the very same step again, with the same key and the values of that submit, so the record is
 * made once however often it is tried. A success renews the key: the next fill is another record. So does the
 * server's 422 (the key already made a record of other content, e.g. a restored draft edited after its answer
 * was lost): the refusal is shown, and the next 提交 is a new record rather than the same refusal again.
 */
export function useIdempotentSubmit() {
  const { key, renew, adopt } = useIdempotencyKey();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const run = async (
    step: IdempotentStep,
    onRefused: (error: unknown) => void,
    offline?: OfflineSubmit,
  ): Promise<void> => {
    const attempt = async (): Promise<void> => {
      setFailure(null);
      try {
        await step(key);
        renew();
      } catch (error) {
        // Offline for the phone itself: kept for later. A weak network (a timeout, a dropped answer) keeps 重试.
        if (isNetworkFailure(error) && offline && isOffline() && (await queued(offline, key))) {
          renew();
          offline.onQueued();
        } else if (isNetworkFailure(error)) setFailure({ message: error.message, retry: () => void attempt() });
        else {
          if (error instanceof ApiError && error.code === API_CODE.keyReused) renew();
          onRefused(error);
        }
      }
    };
    await attempt();
  };

  return { key, adopt, run, failure };
}

const isOffline = () => globalThis.navigator?.onLine === false;

/** Keeps the write for later; false where the phone cannot keep it (no IndexedDB): then 重试 stands in. */
async function queued(offline: OfflineSubmit, key: string): Promise<boolean> {
  try {
    await queueWrite(offline.write(key), key);
    return true;
  } catch {
    return false;
  }
}

export type IdempotentSubmit = ReturnType<typeof useIdempotentSubmit>;

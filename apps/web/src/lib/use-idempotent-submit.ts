import { useCallback, useState } from 'react';
import { isNetworkFailure } from './api-client.ts';

/**
 * A fresh key for one fill of a create form (decision 046): a random UUID, 36 characters of what the server's
 * key pattern takes ([A-Za-z0-9_-], 8 to 64).
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The key of the form being filled: the same across retries, a new one once the record was made. */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/** A submit that never reached the server (or got no answer in time): what to say, and how to send it again. */
export type SubmitFailure = { message: string; retry: () => void };

/** Sends one submit with the fill's key, then does what follows a success (a toast, the next page). */
export type IdempotentStep = (key: string) => Promise<void>;

/**
 * The submit of a create form on a weak network. `run(step, onRefused)` runs the step with the fill's key: a
 * refusal from the server goes to `onRefused`; a failure to reach it sets `failure` (shown by NetworkRetry),
 * whose retry runs the very same step again, with the same key and the values of that submit, so the record is
 * made once however often it is tried. A success renews the key: the next fill is another record.
 */
export function useIdempotentSubmit() {
  const { key, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const run = async (step: IdempotentStep, onRefused: (error: unknown) => void): Promise<void> => {
    const attempt = async (): Promise<void> => {
      setFailure(null);
      try {
        await step(key);
        renew();
      } catch (error) {
        if (isNetworkFailure(error)) setFailure({ message: error.message, retry: () => void attempt() });
        else onRefused(error);
      }
    };
    await attempt();
  };

  return { key, run, failure };
}

export type IdempotentSubmit = ReturnType<typeof useIdempotentSubmit>;

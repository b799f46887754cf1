import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type RequestState<T> = {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  /** Asks again under the same key (after a failure, say). */
  retry: () => void;
};

type Settled<T> = { key: string; attempt: number; data: T | undefined; error: Error | null };

/**
 * A minimal fetch-on-change hook for the login page. TanStack Query would add ~12 KB gzipped to the
 * login bundle (spec budget, ARCHITECTURE.md), so this page's reads use this instead. `key` null = idle.
 */
export function useRequest<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): RequestState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // The fetcher is recreated on every render; only the key says when the request changes.
  const run = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, attempt, data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setSettled({ key, attempt, data: undefined, error: failure });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  if (key === null) return { data: undefined, error: null, isLoading: false, retry };
  if (settled?.key !== key || settled.attempt !== attempt)
    return { data: undefined, error: null, isLoading: true, retry };
  return { data: settled.data, error: settled.error, isLoading: false, retry };
}

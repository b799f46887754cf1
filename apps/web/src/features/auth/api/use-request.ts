import { useEffect, useEffectEvent, useState } from 'react';

export type RequestState<T> = { data: T | undefined; error: Error | null; isLoading: boolean };

type Settled<T> = { key: string; data: T | undefined; error: Error | null };

/**
 * A minimal fetch-on-change hook for the login page. TanStack Query would add ~12 KB gzipped to the
 * login bundle (spec budget, ARCHITECTURE.md), so this page's reads use this instead. `key` null = idle.
 */
export function useRequest<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): RequestState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // The fetcher is recreated on every render; only the key says when the request changes.
  const run = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key, data: undefined, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (key === null) return { data: undefined, error: null, isLoading: false };
  if (settled?.key !== key) return { data: undefined, error: null, isLoading: true };
  return { data: settled.data, error: settled.error, isLoading: false };
}

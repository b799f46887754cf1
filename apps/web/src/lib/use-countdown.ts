import { useCallback, useEffect, useRef, useState } from 'react';
import { runCountdown, SMS_COUNTDOWN_SECONDS } from './countdown.ts';

export { SMS_COUNTDOWN_SECONDS } from './countdown.ts';

/**
 * The one countdown of every SMS button (staff, partner, channel agent and e-sign logins; the activity pages
 * run the same runCountdown): `start()` shows 59, 58, … 1, then 0 (not counting) and calls onFinish;
 * `start(n)` waits n seconds (a server's retryAfter). A new start replaces the count under way; leaving the
 * page stops it.
 */
export function useCountdown(onFinish?: () => void) {
  const [seconds, setSeconds] = useState(0);
  // The latest onFinish, read when the count ends (a page's callback may be a new function each render).
  const finish = useRef(onFinish);
  useEffect(() => {
    finish.current = onFinish;
  });
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);

  const start = useCallback((from: number = SMS_COUNTDOWN_SECONDS) => {
    stop.current();
    stop.current = runCountdown(from, setSeconds, () => finish.current?.());
  }, []);

  return { seconds, isCounting: seconds > 0, start };
}

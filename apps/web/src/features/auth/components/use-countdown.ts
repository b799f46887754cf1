import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** The SMS resend countdown of spec §9. */
export const SMS_COUNTDOWN_SECONDS = 59;

/**
 * A one-second countdown: `start(59)` shows 59, 58, … 1, then 0 (not counting) and calls onFinish.
 */
export function useCountdown(onFinish?: () => void) {
  const [seconds, setSeconds] = useState(0);
  const finish = useEffectEvent(() => onFinish?.());

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => {
      setSeconds((value) => value - 1);
      if (seconds === 1) finish();
    }, 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const start = useCallback((from: number = SMS_COUNTDOWN_SECONDS) => {
    setSeconds(Math.max(0, Math.ceil(from)));
  }, []);

  return { seconds, isCounting: seconds > 0, start };
}

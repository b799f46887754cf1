import { useCallback, useEffect, useState } from 'react';

/** The SMS resend wait (spec §9: 60 s). */
export const SMS_WAIT_SECONDS = 60;

/** A one-second countdown for the 获取验证码 button: start() shows 60, 59, … 1, then stops. */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const start = useCallback(() => setSeconds(SMS_WAIT_SECONDS), []);
  return { seconds, isCounting: seconds > 0, start };
}

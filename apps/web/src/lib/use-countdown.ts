import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/**
 * The SMS resend wait of spec §9: the button shows 59 s … 1 s and is enabled again at zero, 59 s after
 * the code was sent. The server's resend window is the same 59 s (modules/auth SMS_RULES), counted from
 * when it sent the code, which is before the answer reached the page: a tap at zero is never refused.
 */
export const SMS_COUNTDOWN_SECONDS = 59;

/**
 * The one countdown of every SMS button (staff, partner, channel agent and e-sign logins): `start()` shows
 * 59, 58, … 1, then 0 (not counting) and calls onFinish; `start(n)` waits n seconds (a server's
 * retryAfter). The seconds are read from the clock at each tick, so a slow render never stretches the wait.
 */
export function useCountdown(onFinish?: () => void) {
  const [endsAt, setEndsAt] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const finish = useEffectEvent(() => onFinish?.());

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const left = endsAt - Date.now();
    // Wake at the next whole second of the wait, where the number shown changes.
    const timer = setTimeout(
      () => {
        // At least one less, so a timer that fires a hair early still moves the count on.
        const next = Math.max(0, Math.min(seconds - 1, Math.ceil((endsAt - Date.now()) / 1000)));
        setSeconds(next);
        if (next === 0) finish();
      },
      left - (seconds - 1) * 1000,
    );
    return () => clearTimeout(timer);
  }, [endsAt, seconds]);

  const start = useCallback((from: number = SMS_COUNTDOWN_SECONDS) => {
    const whole = Math.max(0, Math.ceil(from));
    setEndsAt(Date.now() + whole * 1000);
    setSeconds(whole);
  }, []);

  return { seconds, isCounting: seconds > 0, start };
}

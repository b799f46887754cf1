/**
 * The SMS resend wait of spec §9: the button shows 59 s … 1 s and is enabled again at zero, 59 s after
 * the code was sent. The server's resend window is the same 59 s (modules/auth SMS_RULES), counted from
 * when it sent the code, which is before the answer reached the page: a tap at zero is never refused.
 */
export const SMS_COUNTDOWN_SECONDS = 59;

/**
 * The one countdown of every SMS button, without React so the activity pages' small bundle runs it too
 * (useCountdown wraps it for the app's pages): `onTick` hears `from`, then each second less down to 0, and
 * `onFinish` follows the 0. The seconds are read from the clock at each tick, so a slow page never stretches
 * the wait. Answers the stop that cancels what is left (a new send, a page going away).
 */
export function runCountdown(
  from: number,
  onTick: (seconds: number) => void,
  onFinish: () => void = () => undefined,
): () => void {
  let seconds = Math.max(0, Math.ceil(from));
  const endsAt = Date.now() + seconds * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    // Wake at the next whole second of the wait, where the number shown changes.
    timer = setTimeout(
      () => {
        // At least one less, so a timer that fires a hair early still moves the count on.
        seconds = Math.max(0, Math.min(seconds - 1, Math.ceil((endsAt - Date.now()) / 1000)));
        onTick(seconds);
        if (seconds === 0) onFinish();
        else wake();
      },
      endsAt - Date.now() - (seconds - 1) * 1000,
    );
  };
  onTick(seconds);
  if (seconds > 0) wake();
  return () => clearTimeout(timer);
}

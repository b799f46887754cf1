import { formatDateTime } from '@crm/domain/datetime';
/** A server time as China's day and minute (the app's users are there, whatever the phone says). */
export const formatTime = (at: string) => formatDateTime(at);

/** 00:00 style minutes and seconds of a countdown. */
export function formatCountdown(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** An option's place as a letter: 0 → A. */
export const letter = (index: number) => String.fromCharCode(65 + index);

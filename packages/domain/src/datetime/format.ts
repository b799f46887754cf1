/*
 * The one formatter of dates and times on every screen: China Standard Time (Asia/Shanghai, UTC+8, no
 * daylight saving since 1991), whatever time zone the phone or the server runs in. A fixed offset rather
 * than Intl: the same text in every engine and in tests, and no ICU data needed.
 */

/** Asia/Shanghai's offset from UTC. */
export const CST_OFFSET_MS = 8 * 3600_000;

type Instant = string | number | Date;

/** The instant's wall clock in CST as 'YYYY-MM-DDTHH:mm:ss', or null when it names no instant. */
function cstClock(at: Instant): string | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return null;
  const shifted = new Date(ms + CST_OFFSET_MS);
  return Number.isNaN(shifted.getTime()) ? null : shifted.toISOString().slice(0, 19);
}

/** The CST day of an instant: '2026-11-29'. Text that names no instant comes back as it is. */
export function formatDay(at: Instant): string {
  return cstClock(at)?.slice(0, 10) ?? String(at);
}

/** The CST date and time to the minute: '2026-11-29 08:05'. */
export function formatDateTime(at: Instant): string {
  return cstClock(at)?.slice(0, 16).replace('T', ' ') ?? String(at);
}

/** The CST date and time to the second: '2026-11-29 08:05:09', for audit trails. */
export function formatDateTimeSeconds(at: Instant): string {
  return cstClock(at)?.replace('T', ' ') ?? String(at);
}

/** Month, day and time in CST, where the year goes without saying: '11-29 08:05'. */
export function formatMonthDayTime(at: Instant): string {
  return cstClock(at)?.slice(5, 16).replace('T', ' ') ?? String(at);
}

/** The CST time of day: '08:05'. */
export function formatTime(at: Instant): string {
  return cstClock(at)?.slice(11, 16) ?? String(at);
}

/** An instant as a `<input type="datetime-local">` value in CST: '2026-11-29T08:05'; '' when none. */
export function toCstInputValue(at: Instant): string {
  return cstClock(at)?.slice(0, 16) ?? '';
}

/** A `datetime-local` value read as CST ('2026-11-29T08:05') to an ISO instant; null when it is no time. */
export function fromCstInputValue(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const ms = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second) - CST_OFFSET_MS;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

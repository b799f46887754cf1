/** An instant as China's wall-clock date and time (YYYY-MM-DD HH:mm), whatever the phone's time zone. */
export function dateTimeOf(iso: string): string {
  if (!iso) return '';
  const local = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return local.toISOString().slice(0, 16).replace('T', ' ');
}

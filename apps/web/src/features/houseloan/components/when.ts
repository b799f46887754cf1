import { formatDateTime } from '@crm/domain/datetime';
/** An instant as China's wall-clock date and time (YYYY-MM-DD HH:mm), whatever the phone's time zone. */
export function dateTimeOf(iso: string): string {
  return iso ? formatDateTime(iso) : '';
}

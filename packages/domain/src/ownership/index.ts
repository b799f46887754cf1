import { CST_OFFSET_MS } from '../datetime/format.ts';

/*
 * Customer ownership (decision 066): who holds a customer, how long the hold lasts without work, and the
 * masked words in which anyone else is told. Pure: both the server and the forms read it.
 */

/**
 * Statuses in which a case still waits for its salesperson's work (签约中, 签约失败, 补件): a case left in one of
 * them without a follow-up goes back to the company's pool. From 审批中 on the bank holds the file.
 */
export const POOL_STATUSES: readonly number[] = [1, 2, 4];

/** Company settings' defaults and bounds (the back office's 公海设置). */
export const POOL_DEFAULTS = { poolDays: 15, poolWarnDays: 3, poolClaimsPerDay: 5, duplicateChecksPerDay: 200 };

/** A person's name as another holder's is shown: the family name and two stars (王**). */
export function maskName(name: string): string {
  const first = [...name.trim()][0];
  return first ? `${first}**` : '**';
}

/** The CST calendar day of an instant, 'YYYY-MM-DD': daily limits count by it. */
export function cstDay(at: Date): string {
  return new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** '12月20日' in CST: the day a protection ends, as the forms say it. */
export function monthDay(at: Date | string): string {
  const shifted = new Date(new Date(at).getTime() + CST_OFFSET_MS);
  return `${shifted.getUTCMonth() + 1}月${shifted.getUTCDate()}日`;
}

/** The one sentence every form and refusal uses: `该客户已由 王** 跟进（保护至12月20日）`. */
export function heldMessage(holderMasked: string, protectedUntil: Date | string | null): string {
  return protectedUntil === null
    ? `该客户已由 ${holderMasked} 跟进`
    : `该客户已由 ${holderMasked} 跟进（保护至${monthDay(protectedUntil)}）`;
}

/** When a case leaves its owner for the pool: its last touch plus the company's days. */
export function poolDueAt(lastTouch: Date, poolDays: number): Date {
  return new Date(lastTouch.getTime() + poolDays * 86_400_000);
}

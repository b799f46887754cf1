import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { namedFields } from './rows.ts';

/*
 * /business/signin, the staff side of a home-decoration fair (展会签到), decision 051: the staff working a
 * fair's booth check in once per fair day. Not in spec §7 (its activity calls belong to the visitors'
 * activities module): GET /api/crm/fairSignin, POST /api/crm/fairCheckin.
 */

export const fairCheckinRequestSchema = z.object({ fair_id: rowIdSchema('展会编号无效') });

export const fairCheckinSchema = z.object({
  fair_id: z.number().int(),
  /** China's calendar day of the check-in (YYYY-MM-DD). */
  day: z.string(),
  checked_in_at: z.string(),
  /** True when the caller had already checked in that day (a second tap changes nothing). */
  already: z.boolean(),
});
export type FairCheckin = z.infer<typeof fairCheckinSchema>;

export const fairRosterRowSchema = z.object({
  staff_id: z.number().int(),
  staff_name: z.string(),
  checked_in_at: z.string(),
});

export const fairTodaySchema = z.object({
  ...namedFields,
  venue: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The caller's check-in today, or null. */
  my_checked_in_at: z.string().nullable(),
  /** Who checked in today, earliest first. */
  roster: z.array(fairRosterRowSchema),
});
export type FairToday = z.infer<typeof fairTodaySchema>;

export const fairSigninSchema = z.object({
  /** Today in China (YYYY-MM-DD), the day check-ins count for. */
  day: z.string(),
  /** The company's fairs running today. */
  fairs: z.array(fairTodaySchema),
});
export type FairSignin = z.infer<typeof fairSigninSchema>;

/** China's calendar day (UTC+8, no daylight saving) of an instant, as YYYY-MM-DD. */
export const chinaDay = (at: Date): string => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

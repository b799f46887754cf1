import { z } from 'zod';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from './formats.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

/**
 * Field schemas shared by the login form and the server. zod reports the first failing check, so the
 * order here is the order a person sees the messages: required, then length, then format.
 */
export const phoneSchema = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .max(11, M.phoneFormat)
  .regex(PHONE_PATTERN, M.phoneFormat);

export const smsCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(6, M.codeFormat)
  .regex(SMS_CODE_PATTERN, M.codeFormat);

/** Company ids arrive as form strings; coerce and require a positive integer. */
export const corpIdSchema = z.coerce.number({ error: M.corpRequired }).int(M.corpRequired).positive(M.corpRequired);

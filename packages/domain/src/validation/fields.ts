import { z } from 'zod';
import { rowIdSchema } from '../api/bounds.ts';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from './formats.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

/**
 * Field schemas shared by the login form and the server. zod reports the first failing check, so the
 * order here is the order a person sees the messages: required, then length, then format.
 */
const patternField = (pattern: RegExp, max: number, required: string, format: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, format).regex(pattern, format);

export const phoneSchema = patternField(PHONE_PATTERN, 11, M.phoneRequired, M.phoneFormat);

export const smsCodeSchema = patternField(SMS_CODE_PATTERN, 6, M.codeRequired, M.codeFormat);

/** Company ids arrive as form strings; coerce and require a positive integer. */
export const corpIdSchema = rowIdSchema(M.corpRequired);

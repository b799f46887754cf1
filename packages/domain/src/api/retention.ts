import { z } from 'zod';
import { ID_NUMBER_PATTERN, PHONE_PATTERN } from '../validation/formats.ts';

/*
 * Retention's data-subject request (issue 41, decision 071): the company admin finds one person by phone or ID
 * number, exports everything held about them, and erases what no retention duty keeps.
 */

/** The person asked about: an 11-digit mobile phone or a 15/18-character ID number, told apart by their form. */
export const subjectRequestSchema = z.object({
  who: z
    .string({ error: '请填写手机号或身份证号' })
    .trim()
    .min(1, '请填写手机号或身份证号')
    .transform((value) => value.toUpperCase())
    .refine((value) => PHONE_PATTERN.test(value) || ID_NUMBER_PATTERN.test(value), '请填写 11 位手机号或身份证号'),
});
export type SubjectRequest = z.infer<typeof subjectRequestSchema>;

/** Where a person's data sits: an instalment case, a home-loan client, a partner's referral. */
export const SUBJECT_RECORD_KINDS = ['case', 'house_client', 'referral'] as const;
export type SubjectRecordKind = (typeof SUBJECT_RECORD_KINDS)[number];

/** One record naming the person, numbers masked; `keep_reason` says which duty keeps it (empty: erasable). */
export const subjectRecordSchema = z.object({
  kind: z.enum(SUBJECT_RECORD_KINDS),
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  status: z.string(),
  created_at: z.string(),
  keep_reason: z.string(),
});
export type SubjectRecord = z.infer<typeof subjectRecordSchema>;

export const subjectFoundSchema = z.object({ records: z.array(subjectRecordSchema) });

/** The export: every record with all its fields in full, as the file the admin hands the person. */
export const subjectExportSchema = z.object({
  file_name: z.string(),
  exported_at: z.string(),
  who: z.string(),
  records: z.array(
    z.object({
      kind: z.enum(SUBJECT_RECORD_KINDS),
      id: z.number().int(),
      fields: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type SubjectExport = z.infer<typeof subjectExportSchema>;

export const subjectErasedSchema = z.object({ erased: z.number().int(), kept: z.number().int() });

import { z } from 'zod';
import { pageRequestSchema, pageSchema } from './page.ts';

/*
 * The reminders' calls (decision 058): the WeCom cards sent to the caller (消息记录).
 */

export const messageLogRequestSchema = pageRequestSchema;

export const messageItemSchema = z.object({
  id: z.number().int(),
  /** followup-due, followup-overdue, case-moved, proof-rejected, appeal-decided, brokerage-approved */
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  /** The app page the card opens. */
  path: z.string(),
  sent_at: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;
export const messageLogResponseSchema = pageSchema(messageItemSchema);

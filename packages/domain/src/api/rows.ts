import { z } from 'zod';

/*
 * Field groups that many response rows carry, each with one meaning wherever it appears: a row spreads the
 * group (`...personFields`) rather than spelling its fields again, so a field means the same in every list.
 */

/** A record a list or picker names: its id and its name. */
export const namedFields = { id: z.number().int(), name: z.string() };
export const namedSchema = z.object(namedFields);

/** A person's row: id, name and phone. The phone is in full unless the row's schema says it is masked. */
export const personFields = { ...namedFields, phone: z.string() };

/** A channel (a partner's or a house channel) as its lists show it: its name and who to contact there. */
export const channelContactFields = { ...namedFields, contact: z.string(), phone: z.string() };

/** The company a caller or an invitation belongs to. */
export const corpFields = { corp_id: z.number().int(), corp_name: z.string() };

/** The client (instalment case or house client) a row is about. */
export const clientRefFields = { client_id: z.number().int(), client_name: z.string() };

/** The staff member a record belongs to. */
export const ownerFields = { owner_id: z.number().int(), owner_name: z.string() };

/** The home loan a house client or a partner's referral asks for: its amount in fen, its term and the bank. */
export const houseLoanAskFields = {
  loan_amount_fen: z.number().int(),
  term_months: z.number().int(),
  bank: z.string(),
};

/** Who took an action on a record (an audit line, an audit decision). */
export const actorFields = { actor_id: z.number().int(), actor_name: z.string() };

/** Who wrote a line of a record's history, and when. */
export const writtenFields = { staff_name: z.string(), created_at: z.string() };

/** A status as stored, and its label as the list shows it. */
export const labelledStatus = <T extends z.ZodType>(status: T) => ({ status, status_label: z.string() });

/** How many records, and their amount in fen. */
export const tallyFields = { count: z.number().int(), amount_fen: z.number().int() };
/** The records of one status: how many and their amount (a statistics bar, a tab's badge). */
export const statusTallySchema = z.object({ status: z.number().int(), ...tallyFields });

/**
 * A reference a record may carry, with its name for display: `<ref>_id` (null when unset) and `<ref>_name`
 * (the case's product, bank, channel, source, city, signer).
 */
export const refFields = <R extends string>(ref: R) =>
  ({ [`${ref}_id`]: z.number().int().nullable(), [`${ref}_name`]: z.string() }) as {
    [K in `${R}_id`]: z.ZodNullable<z.ZodNumber>;
  } & { [K in `${R}_name`]: z.ZodString };

import { z } from 'zod';
import { blankableTextSchema, idSchema } from '../house/house.ts';

/** What a decision's form says: the prompt to pick an outcome, and what a negative one without a reason gets. */
export interface DecisionMessages {
  pick: string;
  reasonRequired: string;
}

/**
 * A decision on a record that must say why when it goes the negative way (a signer's refusal, an audit's
 * rejection, a refused reject request): `{ id, <decision>, <reason> }`, where `<decision>` is one of
 * `[positive, negative]` and `<reason>` may be blank only for the positive one.
 */
export const reasonedDecisionSchema = <D extends string, R extends string, const O extends readonly [string, string]>(
  decision: D,
  outcomes: O,
  reason: R,
  messages: DecisionMessages,
) =>
  z
    .object({
      id: idSchema,
      [decision]: z.enum(outcomes, { error: messages.pick }),
      [reason]: blankableTextSchema,
    } as { id: typeof idSchema } & { [K in D]: z.ZodEnum<{ [V in O[number]]: V }> } & {
      [K in R]: typeof blankableTextSchema;
    })
    .refine(
      (v) => {
        // The computed keys read back as the two fields the generic parameters name.
        const row = v as Record<string, string | number>;
        return row[decision] === outcomes[0] || String(row[reason]).length > 0;
      },
      { message: messages.reasonRequired, path: [reason] },
    );

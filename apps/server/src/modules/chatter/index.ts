import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customerFilings } from '../../db/schema/chatter.ts';
import { CUSTOMER_FILINGS_PII, sealValues } from '../../pii/fields.ts';

/*
 * The public surface of modules/chatter (the WeCom sidebar's wallet and points tool, decision 055): the
 * repository and service the demo seed moves its points through (the same ledger code as a send).
 */
export { createChatterRepository } from './chatter.repository.ts';
export { createChatterService } from './chatter.service.ts';
// The files as a group send's audience (decision 080).
export { audienceChoices, audienceOf, filingsByIds, lockFilings } from './audience.repository.ts';
export type { AudienceFilter, AudienceMember } from './audience.repository.ts';

/**
 * 渠道活码 (decision 083): opens the customer file of a contact who added `staffId` through a QR, tagged with the
 * source; a file the contact already had keeps its words and gets the source if it had none. Answers its id.
 */
export async function openSourcedFiling(
  ex: Db | Tx,
  values: {
    corpId: number;
    externalUserid: string;
    staffId: number;
    name: string;
    source: string;
    at: Date;
    /** The phone the member wrote (the demo's seeded files); WeCom's event carries none. */
    mobile?: string;
  },
): Promise<number> {
  const [row] = await ex
    .insert(customerFilings)
    .values(
      await sealValues(ex, values.corpId, CUSTOMER_FILINGS_PII, {
        corpId: values.corpId,
        externalUserid: values.externalUserid,
        staffId: values.staffId,
        name: values.name,
        source: values.source,
        mobile: values.mobile ?? '',
        createdAt: values.at,
      }),
    )
    .onConflictDoUpdate({
      target: [customerFilings.corpId, customerFilings.externalUserid],
      // A no-op update when it has a source already, so the row (and its id) is still answered.
      set: {
        source: sql`case when ${customerFilings.source} = '' then excluded.source else ${customerFilings.source} end`,
      },
    })
    .returning({ id: customerFilings.id });
  if (!row) throw new Error('customer file upsert answered no row');
  return row.id;
}

/** The mobiles the members wrote on these files ('' for none), opened, by file id. */
export async function filingMobiles(ex: Db | Tx, corpId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: customerFilings.id, mobile: customerFilings.mobile })
    .from(customerFilings)
    .where(and(eq(customerFilings.corpId, corpId), inArray(customerFilings.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.mobile]));
}

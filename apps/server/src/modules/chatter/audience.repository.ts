import { and, arrayOverlaps, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customerFilings } from '../../db/schema/chatter.ts';
import { staff } from '../../db/schema/staff.ts';

/*
 * The customer files as an audience (group sends, decision 080): which files a filter picks, and the files locked
 * for the transaction that counts their group messages of the month.
 */

type Executor = Db | Tx;

export interface AudienceFilter {
  corpId: number;
  /** The leader's team (its members' customers); null: the whole company's. */
  teamId: number | null;
  ownerIds: readonly number[];
  tags: readonly string[];
  sources: readonly string[];
}

export interface AudienceMember {
  filingId: number;
  name: string;
  externalUserid: string;
  ownerId: number;
  ownerName: string;
  /** The owner's WeCom userid: who sends to them; null when the owner has none bound. */
  ownerUserid: string | null;
}

const inScope = (corpId: number, teamId: number | null): SQL | undefined =>
  and(eq(customerFilings.corpId, corpId), teamId === null ? undefined : eq(staff.teamId, teamId));

/** The files a filter picks, oldest first; an empty list in the filter does not narrow. */
export function audienceOf(ex: Executor, filter: AudienceFilter): Promise<AudienceMember[]> {
  return ex
    .select({
      filingId: customerFilings.id,
      name: customerFilings.name,
      externalUserid: customerFilings.externalUserid,
      ownerId: customerFilings.staffId,
      ownerName: staff.name,
      ownerUserid: staff.wxworkId,
    })
    .from(customerFilings)
    .innerJoin(staff, eq(staff.id, customerFilings.staffId))
    .where(
      and(
        inScope(filter.corpId, filter.teamId),
        eq(staff.isActive, true),
        filter.ownerIds.length > 0 ? inArray(customerFilings.staffId, [...filter.ownerIds]) : undefined,
        filter.tags.length > 0 ? arrayOverlaps(customerFilings.tags, [...filter.tags]) : undefined,
        filter.sources.length > 0 ? inArray(customerFilings.source, [...filter.sources]) : undefined,
      ),
    )
    .orderBy(asc(customerFilings.id));
}

/**
 * Locks the files in id order (two transactions locking overlapping sets never deadlock): a second group send
 * of the same customers waits here and then counts the first one's rows.
 */
export async function lockFilings(tx: Tx, corpId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: customerFilings.id })
    .from(customerFilings)
    .where(and(eq(customerFilings.corpId, corpId), inArray(customerFilings.id, [...ids])))
    .orderBy(asc(customerFilings.id))
    .for('update');
}

/** What a filter can pick from in the scope: the owners, and the tags and sources on their files. */
export async function audienceChoices(ex: Executor, corpId: number, teamId: number | null) {
  const owners = await ex
    .select({ id: staff.id, name: staff.name, userid: staff.wxworkId })
    .from(staff)
    .where(
      and(
        eq(staff.corpId, corpId),
        eq(staff.isActive, true),
        teamId === null ? undefined : eq(staff.teamId, teamId),
        sql`exists (select 1 from ${customerFilings} where ${customerFilings.staffId} = ${staff.id})`,
      ),
    )
    .orderBy(asc(staff.id));
  const tags = await ex
    .selectDistinct({ tag: sql<string>`unnest(${customerFilings.tags})` })
    .from(customerFilings)
    .innerJoin(staff, eq(staff.id, customerFilings.staffId))
    .where(inScope(corpId, teamId))
    .orderBy(sql`1`);
  const sources = await ex
    .selectDistinct({ source: customerFilings.source })
    .from(customerFilings)
    .innerJoin(staff, eq(staff.id, customerFilings.staffId))
    .where(and(inScope(corpId, teamId), ne(customerFilings.source, '')))
    .orderBy(asc(customerFilings.source));
  return {
    owners: owners.map((o) => ({ id: o.id, name: o.name, bound: o.userid !== null && o.userid !== '' })),
    tags: tags.map((t) => t.tag),
    sources: sources.map((s) => s.source),
  };
}

/** The company's files of these ids: their names and contacts (a group send's detail). */
export function filingsByIds(ex: Executor, corpId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select({ id: customerFilings.id, name: customerFilings.name, externalUserid: customerFilings.externalUserid })
    .from(customerFilings)
    .where(and(eq(customerFilings.corpId, corpId), inArray(customerFilings.id, [...ids])));
}

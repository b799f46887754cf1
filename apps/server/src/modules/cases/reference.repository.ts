import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { banks, channels, cities, products, sources } from '../../db/schema/cases.ts';

/*
 * The reference lists the case form picks from (banks and branches, channels, sources, cities, products),
 * as the back office (modules/admin, decision 057) reads and changes them: each function takes the
 * executor, the admin's transaction for a change, so the change and its audit row commit together.
 */

type Executor = Db | Tx;
type Page = { cursor: number | null; limit: number };
export type NamedKind = 'bank' | 'channel' | 'source' | 'city';
export type NamedRow = { id: number; parentId: number | null; name: string; isActive: boolean };

const before = (column: AnyPgColumn, cursor: number | null) => (cursor === null ? undefined : lt(column, cursor));

/** One page (newest first) of a named list: the top level when `parentId` is null, else its children. */
export async function listNamedRefs(
  ex: Executor,
  kind: NamedKind,
  corpId: number,
  parentId: number | null,
  page: Page,
): Promise<NamedRow[]> {
  const limit = page.limit + 1;
  switch (kind) {
    case 'bank':
    case 'channel': {
      const table = kind === 'bank' ? banks : channels;
      return ex
        .select({ id: table.id, parentId: table.parentId, name: table.name, isActive: table.isActive })
        .from(table)
        .where(
          and(
            eq(table.corpId, corpId),
            parentId === null ? isNull(table.parentId) : eq(table.parentId, parentId),
            before(table.id, page.cursor),
          ),
        )
        .orderBy(desc(table.id))
        .limit(limit);
    }
    case 'source':
      return ex
        .select({ id: sources.id, parentId: sql<null>`null`, name: sources.name, isActive: sources.isActive })
        .from(sources)
        .where(and(eq(sources.corpId, corpId), before(sources.id, page.cursor)))
        .orderBy(desc(sources.id))
        .limit(limit);
    case 'city':
      return ex
        .select({ id: cities.id, parentId: cities.parentId, name: cities.name, isActive: sql<boolean>`true` })
        .from(cities)
        .where(
          and(
            parentId === null ? isNull(cities.parentId) : eq(cities.parentId, parentId),
            before(cities.id, page.cursor),
          ),
        )
        .orderBy(desc(cities.id))
        .limit(limit);
  }
}

/** One row of a named list in the company (cities: of everyone), locked when read in a transaction. */
export async function findNamedRef(
  ex: Executor,
  kind: NamedKind,
  corpId: number,
  id: number,
): Promise<NamedRow | undefined> {
  const rows = await listOne(ex, kind, corpId, id);
  return rows[0];
}

function listOne(ex: Executor, kind: NamedKind, corpId: number, id: number): Promise<NamedRow[]> {
  switch (kind) {
    case 'bank':
    case 'channel': {
      const table = kind === 'bank' ? banks : channels;
      return ex
        .select({ id: table.id, parentId: table.parentId, name: table.name, isActive: table.isActive })
        .from(table)
        .where(and(eq(table.corpId, corpId), eq(table.id, id)))
        .limit(1);
    }
    case 'source':
      return ex
        .select({ id: sources.id, parentId: sql<null>`null`, name: sources.name, isActive: sources.isActive })
        .from(sources)
        .where(and(eq(sources.corpId, corpId), eq(sources.id, id)))
        .limit(1);
    case 'city':
      return ex
        .select({ id: cities.id, parentId: cities.parentId, name: cities.name, isActive: sql<boolean>`true` })
        .from(cities)
        .where(eq(cities.id, id))
        .limit(1);
  }
}

/** Adds a row; a city takes its administrative code as id. Answers the new row's id. */
export async function insertNamedRef(
  tx: Tx,
  kind: NamedKind,
  corpId: number,
  values: { parentId: number | null; name: string; code?: number },
): Promise<number> {
  switch (kind) {
    case 'bank':
    case 'channel': {
      const table = kind === 'bank' ? banks : channels;
      const [row] = await tx
        .insert(table)
        .values({ corpId, parentId: values.parentId, name: values.name })
        .returning({ id: table.id });
      return row!.id;
    }
    case 'source': {
      const [row] = await tx.insert(sources).values({ corpId, name: values.name }).returning({ id: sources.id });
      return row!.id;
    }
    case 'city': {
      const [row] = await tx
        .insert(cities)
        .values({ id: values.code!, parentId: values.parentId, name: values.name })
        .returning({ id: cities.id });
      return row!.id;
    }
  }
}

/** Renames or (de)activates a row of the company (a city: renames only). */
export async function updateNamedRef(
  tx: Tx,
  kind: NamedKind,
  corpId: number,
  id: number,
  values: { name?: string; isActive?: boolean },
): Promise<void> {
  switch (kind) {
    case 'bank':
    case 'channel':
    case 'source': {
      const table = kind === 'bank' ? banks : kind === 'channel' ? channels : sources;
      await tx
        .update(table)
        .set(values)
        .where(and(eq(table.corpId, corpId), eq(table.id, id)));
      return;
    }
    case 'city':
      if (values.name !== undefined) await tx.update(cities).set({ name: values.name }).where(eq(cities.id, id));
  }
}

const productColumns = {
  id: products.id,
  bankId: products.bankId,
  bankName: sql<string>`coalesce((select ${banks.name} from ${banks} where ${banks.id} = ${products.bankId}), '')`,
  name: products.name,
  minAmountFen: products.minAmountFen,
  maxAmountFen: products.maxAmountFen,
  termsMonths: products.termsMonths,
  feeType: products.feeType,
  ratePpm: products.ratePpm,
  repaymentMethod: products.repaymentMethod,
  isActive: products.isActive,
};
export type ProductRow = Awaited<ReturnType<typeof findProduct>> & object;

/** The company's products, inactive ones too, newest first. */
export const listProducts = (ex: Executor, corpId: number, page: Page) =>
  ex
    .select(productColumns)
    .from(products)
    .where(and(eq(products.corpId, corpId), before(products.id, page.cursor)))
    .orderBy(desc(products.id))
    .limit(page.limit + 1);

export const findProduct = (ex: Executor, corpId: number, id: number) =>
  ex
    .select(productColumns)
    .from(products)
    .where(and(eq(products.corpId, corpId), eq(products.id, id)))
    .limit(1)
    .then((rows) => rows[0]);

export const insertProduct = (tx: Tx, values: Omit<typeof products.$inferInsert, 'id'>) =>
  tx
    .insert(products)
    .values(values)
    .returning({ id: products.id })
    .then((rows) => rows[0]!.id);

export const updateProduct = (
  tx: Tx,
  corpId: number,
  id: number,
  values: Partial<Omit<typeof products.$inferInsert, 'id' | 'corpId'>>,
) =>
  tx
    .update(products)
    .set(values)
    .where(and(eq(products.corpId, corpId), eq(products.id, id)));

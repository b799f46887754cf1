import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp, pageInCorp } from '../../db/find-in-corp.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { banks, channels, cities, products, sources } from '../../db/schema/cases.ts';

/*
 * The reference lists the case form picks from (banks and branches, channels, sources, cities, products),
 * as the back office (modules/admin, decision 057) reads and changes them: each function takes the
 * executor, the admin's transaction for a change, so the change and its audit row commit together.
 */

type Executor = Db | Tx;
export type NamedKind = 'bank' | 'channel' | 'source' | 'city';
export type NamedRow = { id: number; parentId: number | null; name: string; isActive: boolean };

/**
 * A named list's table as its readers select it: banks and channels are the company's and nest; sources are
 * the company's and flat; cities belong to everyone (always active) and nest.
 */
function namedTable(kind: NamedKind) {
  switch (kind) {
    case 'bank':
    case 'channel': {
      const table = kind === 'bank' ? banks : channels;
      const columns = { id: table.id, parentId: table.parentId, name: table.name, isActive: table.isActive };
      return { table, columns, corpId: table.corpId, parentId: table.parentId };
    }
    case 'source': {
      const columns = { id: sources.id, parentId: sql<null>`null`, name: sources.name, isActive: sources.isActive };
      return { table: sources, columns, corpId: sources.corpId, parentId: null };
    }
    case 'city': {
      const columns = { id: cities.id, parentId: cities.parentId, name: cities.name, isActive: sql<boolean>`true` };
      return { table: cities, columns, corpId: null, parentId: cities.parentId };
    }
  }
}

/** One page (newest first) of a named list: the top level when `parentId` is null, else its children. */
export async function listNamedRefs(
  ex: Executor,
  kind: NamedKind,
  corpId: number,
  parentId: number | null,
  page: KeysetPage,
): Promise<NamedRow[]> {
  const named = namedTable(kind);
  return keyset(page, named.columns.id, (limit, before) =>
    ex
      .select(named.columns)
      .from(named.table)
      .where(
        and(
          named.corpId === null ? undefined : eq(named.corpId, corpId),
          named.parentId === null
            ? undefined
            : parentId === null
              ? isNull(named.parentId)
              : eq(named.parentId, parentId),
          before,
        ),
      )
      .orderBy(desc(named.columns.id))
      .limit(limit),
  );
}

/** One row of a named list in the company (cities: of everyone), locked when read in a transaction. */
export async function findNamedRef(
  ex: Executor,
  kind: NamedKind,
  corpId: number,
  id: number,
): Promise<NamedRow | undefined> {
  const named = namedTable(kind);
  const [row] = await ex
    .select(named.columns)
    .from(named.table)
    .where(and(named.corpId === null ? undefined : eq(named.corpId, corpId), eq(named.columns.id, id)))
    .limit(1);
  return row;
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
  rules: products.rules,
  fees: products.fees,
  isActive: products.isActive,
};
export type ProductRow = Awaited<ReturnType<typeof findProduct>> & object;

/** The company's products, inactive ones too, newest first. */
export const listProducts = (ex: Executor, corpId: number, page: KeysetPage) =>
  pageInCorp(ex, products, productColumns, corpId, page);

export const findProduct = (ex: Executor, corpId: number, id: number) =>
  findInCorp(ex, products, productColumns, corpId, id);

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

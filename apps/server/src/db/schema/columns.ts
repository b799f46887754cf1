import { type AnyPgColumn, foreignKey, integer, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column shapes every module's tables repeat. Each is a function so a table gets its own builder (drizzle
 * binds a builder to the table it is declared in). The org kernel's references (`companyRef`, `staffRef`)
 * live beside the tables they point at, in staff.ts.
 */

/**
 * A row's own id: an integer PostgreSQL assigns (identity), which an import may still set. Not the key on its
 * own: a company-owned table's primary key is `(id, corp_id)` (`primaryKey` in the table's extra config,
 * decision 084), so Citus can distribute it by company.
 */
export const identity = () => integer().notNull().generatedByDefaultAsIdentity();

/** A company-owned row another row may point at: its company and its id (the two columns of its key). */
export type CorpKeyed = { corpId: AnyPgColumn; id: AnyPgColumn };

/**
 * The foreign key from `column` to `target`'s row of the same company: `(corp_id, column)` references
 * `(corp_id, id)` (decision 084), so a row can only point at its own company's rows and Citus keeps both on one
 * node. `target` is a function, as in `.references()`, so tables may point at each other (or at themselves).
 * `name` is spelled out because drizzle's default name runs past PostgreSQL's 63 characters.
 */
export function corpRef(name: string, corpId: AnyPgColumn, column: AnyPgColumn, target: () => CorpKeyed) {
  const to = target();
  return foreignKey({ name, columns: [corpId, column], foreignColumns: [to.corpId, to.id] });
}

/** A moment in time; always with the time zone, so the server's zone never shifts a stored instant. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** A moment that defaults to the inserting transaction's time (created, started …). */
export const timestamptzNow = () => timestamptz().notNull().defaultNow();

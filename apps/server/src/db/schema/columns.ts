import { integer, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column shapes every module's tables repeat. Each is a function so a table gets its own builder (drizzle
 * binds a builder to the table it is declared in). The org kernel's references (`companyRef`, `staffRef`)
 * live beside the tables they point at, in staff.ts.
 */

/** A row's own id: an integer PostgreSQL assigns (identity), which an import may still set. */
export const identity = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** A moment in time; always with the time zone, so the server's zone never shifts a stored instant. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** A moment that defaults to the inserting transaction's time (created, started …). */
export const timestamptzNow = () => timestamptz().notNull().defaultNow();

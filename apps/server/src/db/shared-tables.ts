/**
 * The tables that are not one company's rows (decision 084), in one list. Every other table of the public
 * schema is company-owned: `corp_id` in its primary key, in each unique index and in each foreign key to another
 * company-owned table (db/company-keys.test.ts reads the catalogue and holds every table to it).
 *
 * - `reference`: shared by every company, read by all, written rarely; on Citus a reference table
 *   (`create_reference_table`), copied whole to every node.
 * - `local`: rows of no company or of any; on Citus a table of the coordinator only, never joined with a
 *   company's tables.
 *
 * The migrations' bookkeeping (`drizzle.__drizzle_migrations`) is outside the public schema and stays on the
 * coordinator too.
 */
export const SHARED_TABLES = {
  /** The tenants themselves: every company-owned row's `corp_id` points here. */
  companies: 'reference',
  /** The region list (省/市) every company's case form picks from. */
  cities: 'reference',
  /**
   * Login codes by phone: asked for before a company is known (a partner registering, an activity visitor),
   * limited per phone and per address across companies; `corp_id` only when the code is for a company's person.
   */
  sms_codes: 'local',
} as const satisfies Record<string, 'reference' | 'local'>;

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface Readiness {
  ready: boolean;
  /** Why not, for the operator reading the probe's answer. */
  reason: string | null;
  applied: number;
  expected: number;
  error?: unknown;
}

/** The migrations this build ships: drizzle's journal, newest last. */
export function journalEntries(migrationsFolder: string): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/**
 * Whether this process may take traffic (decision 057): the database answers, and every migration of the
 * journal is applied (drizzle records each one's `when` as `created_at`). A process whose code is newer
 * than its database answers not ready rather than failing requests on missing columns.
 */
export async function checkReadiness(db: Db, migrationsFolder: string): Promise<Readiness> {
  const entries = journalEntries(migrationsFolder);
  const expected = entries.length;
  let rows: { count: number; newest: number | null }[];
  try {
    const result = await db.execute<{ count: number; newest: string | null }>(
      sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    rows = (result.rows as { count: number; newest: string | null }[]).map((row) => ({
      count: Number(row.count),
      newest: row.newest === null ? null : Number(row.newest),
    }));
  } catch (error) {
    // The driver's message stays in the log: the probe's answer is public.
    return { ready: false, reason: 'database unreachable', applied: 0, expected, error };
  }
  const applied = rows[0]?.count ?? 0;
  const newest = rows[0]?.newest ?? null;
  const last = entries.at(-1);
  if (last && (newest === null || newest < last.when))
    return { ready: false, reason: `migration ${last.tag} is not applied`, applied, expected };
  return { ready: true, reason: null, applied, expected };
}

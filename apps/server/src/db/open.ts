import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR; migrated either way. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  await database.migrate(config.migrationsFolder);
  return database;
}

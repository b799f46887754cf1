import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR; migrated either way. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
        pooler: config.databasePooler,
        // No direct connection behind a pooler: the read cache is off then (config.ts), so nobody listens.
        listenUrl: config.listenDatabaseUrl ?? config.databaseUrl,
        replicaUrls: config.readReplicaUrls,
      })
    : await openPglite(config.dataDir);
  await database.migrate(config.migrationsFolder);
  return database;
}

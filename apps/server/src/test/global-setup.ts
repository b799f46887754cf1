import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { createScratchDatabase, testPostgres } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty database each test file starts from: a PGlite dump file, or a PostgreSQL template's name. */
    testDatabaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

/**
 * Migrates one database for the whole run, so a test file copies it instead of running initdb and every
 * migration again (on PGlite that was seconds of each file's time on a loaded CI machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-template-'));
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
  const postgres = testPostgres();
  if (postgres) {
    // Directly, never through a pooler: a template must have no connection open while a test copies it.
    const template = await createScratchDatabase(postgres.directUrl, 'crm_template');
    const database = await openPostgres(template.url, 1);
    await database.migrate(config.migrationsFolder);
    await database.close();
    project.provide('testDatabaseTemplate', { kind: 'postgres', name: new URL(template.url).pathname.slice(1) });
    return async () => {
      await template.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const database = await openPglite(null);
  await database.migrate(config.migrationsFolder);
  const file = path.join(dataDir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  await database.close();
  project.provide('testDatabaseTemplate', { kind: 'pglite', file });
  return async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

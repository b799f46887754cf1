import { loadConfig, ConfigError } from './config.ts';
import { backupDatabase, BackupError, restoreDatabase, type Target } from './ops/backup.ts';

/*
 * `npm run backup -- <file>` and `npm run restore -- <file>` (docs/deploy.md): the database of the
 * settings (DATABASE_URL, else the embedded one under DATA_DIR). Stop the server first on the embedded
 * database; PostgreSQL is dumped live (pg_dump takes a consistent snapshot).
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: backup-cli.ts backup|restore <file>');
    process.exit(2);
  }
  const config = loadConfig();
  const target: Target = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
  if (command === 'backup') await backupDatabase(target, file);
  else await restoreDatabase(target, file);
  console.log(
    `${command === 'backup' ? 'backed up' : 'restored'} ${target.kind} ${command === 'backup' ? 'to' : 'from'} ${file}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

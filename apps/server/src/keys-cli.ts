import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { MasterKeyError } from './pii/master-key.ts';
import { rewrapAll, rotateCompany } from './pii/rotate.ts';
import { masterKeyFrom, preparePii } from './pii/start.ts';

/*
 * The key rotations of decision 074 (docs/deploy.md), on the database and master key of the settings:
 *   npm run -w @crm/server keys:rewrap        re-wraps every company's keys under NEW_PII_MASTER_KEY (or the
 *                                             KMS key NEW_PII_KMS_KEY_ID), in one transaction
 *   npm run -w @crm/server keys:rotate -- --corp N [--wait-seconds S]
 *                                             a new data key for company N, its rows re-sealed in batches
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (command === 'rewrap') {
      const next = loadConfig({
        ...process.env,
        PII_MASTER_KEY: process.env.NEW_PII_MASTER_KEY,
        PII_KMS_KEY_ID: process.env.NEW_PII_KMS_KEY_ID,
      });
      if (!process.env.NEW_PII_MASTER_KEY && !process.env.NEW_PII_KMS_KEY_ID)
        throw new ConfigError('keys:rewrap needs NEW_PII_MASTER_KEY (or NEW_PII_KMS_KEY_ID): the key to wrap under');
      const report = await rewrapAll(database.db, masterKeyFrom(config.pii), masterKeyFrom(next.pii));
      console.log(
        `re-wrapped ${report.rewrapped} keys (${report.kept} already under the new master key); now start every server with the new key`,
      );
    } else if (command === 'rotate') {
      const corpId = Number(args[args.indexOf('--corp') + 1]);
      const waitAt = args.indexOf('--wait-seconds');
      if (!args.includes('--corp') || !Number.isInteger(corpId) || corpId <= 0)
        throw new ConfigError('usage: keys:rotate -- --corp <company id> [--wait-seconds S]');
      await preparePii(database.db, config);
      const started = systemClock().getTime();
      const report = await rotateCompany(database.db, corpId, {
        ...(waitAt >= 0 ? { waitMs: Number(args[waitAt + 1]) * 1000 } : {}),
        onBatch: (table, rows) => console.log(`  ${table}: ${rows} rows re-sealed`),
      });
      console.log(
        `company ${corpId}: data key ${report.newKeyId}; re-sealed ${JSON.stringify(report.resealed)} in ` +
          `${((systemClock().getTime() - started) / 1000).toFixed(1)} s; dropped old keys ${report.droppedKeyIds.join(', ') || 'none (still in use)'}`,
      );
    } else {
      throw new ConfigError('usage: keys-cli.ts rewrap | rotate --corp <company id>');
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof MasterKeyError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

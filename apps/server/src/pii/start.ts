import { sql } from 'drizzle-orm';
import { createTencentKmsMasterKey } from '../adapters/kms/tencent-kms.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { keyring, type Keyring } from './keyring.ts';
import { resealAll } from './reseal.ts';
import { demoMasterKeyFile, localMasterKey, parseMasterKey, type MasterKey } from './master-key.ts';

/** The master key the settings name (decision 074). */
export function masterKeyFrom(pii: Config['pii']): MasterKey {
  switch (pii.provider) {
    case 'key':
      return localMasterKey(parseMasterKey(pii.base64));
    case 'demo-file':
      return localMasterKey(demoMasterKeyFile(pii.file));
    case 'kms':
      return createTencentKmsMasterKey(pii);
  }
}

/**
 * Start-up's key step, after the SQL migrations and before anything reads a sealed column: the master key from
 * the settings unwraps every company's keys, or start-up stops (MasterKeyError) rather than serve garbage; then
 * any row still in plain text is sealed.
 */
export async function preparePii(db: Db, config: Pick<Config, 'pii'>, ring: Keyring = keyring): Promise<void> {
  ring.use(masterKeyFrom(config.pii));
  await ring.load(db);
  // Companies made before sealing existed get their keys now, outside any request's transaction.
  const keyless = await db.execute(
    sql`select id from companies c where not exists (select 1 from data_keys k where k.corp_id = c.id and k.purpose = 'index')`,
  );
  for (const { id } of keyless.rows as { id: number }[]) await ring.forCompany(db, Number(id));
  // Rows written before sealing existed (or restored from such a backup) are sealed now, in batches: the
  // sweep finds nothing on every later start.
  if (ring === keyring) await resealAll(db);
}

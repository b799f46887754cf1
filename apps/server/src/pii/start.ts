import { createTencentKmsMasterKey } from '../adapters/kms/tencent-kms.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { keyring, type Keyring } from './keyring.ts';
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
 * the settings unwraps every company's keys, or start-up stops (MasterKeyError) rather than serve garbage.
 */
export async function preparePii(db: Db, config: Pick<Config, 'pii'>, ring: Keyring = keyring): Promise<void> {
  ring.use(masterKeyFrom(config.pii));
  await ring.load(db);
}

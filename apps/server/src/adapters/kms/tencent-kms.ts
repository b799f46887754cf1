import { MasterKeyError, type MasterKey } from '../../pii/master-key.ts';
import { callTencentCloud, TencentCloudError, type TencentCloudConnection } from '../tencent-cloud/index.ts';

/*
 * The master key held by Tencent Cloud KMS (decision 074): the key never leaves KMS; a company's data key is
 * wrapped by KMS Encrypt and unwrapped by Decrypt (API 3.0, version 2019-01-18), with the key's row named in the
 * EncryptionContext so KMS refuses a wrapped key copied onto another row.
 */

export interface TencentKmsOptions extends TencentCloudConnection {
  /** The customer master key (CMK) id or alias. */
  keyId: string;
  region: string;
}

const PREFIX = 'kms:';
const VERSION = '2019-01-18';

export function createTencentKmsMasterKey(options: TencentKmsOptions): MasterKey {
  const call = (action: string, payload: Record<string, unknown>) =>
    callTencentCloud(options, { service: 'kms', action, version: VERSION, region: options.region, payload });
  const encryptionContext = (context: string) => JSON.stringify({ crm: context });
  return {
    name: `kms:${options.keyId}`,
    async wrap(key, context) {
      const answer = await call('Encrypt', {
        KeyId: options.keyId,
        Plaintext: key.toString('base64'),
        EncryptionContext: encryptionContext(context),
      });
      if (typeof answer.CiphertextBlob !== 'string' || answer.CiphertextBlob === '')
        throw new MasterKeyError('KMS Encrypt answered no CiphertextBlob');
      return PREFIX + answer.CiphertextBlob;
    },
    async unwrap(wrapped, context) {
      if (!wrapped.startsWith(PREFIX))
        throw new MasterKeyError(`a data key was wrapped by another kind of master key (${wrapped.split(':')[0]})`);
      let answer;
      try {
        answer = await call('Decrypt', {
          CiphertextBlob: wrapped.slice(PREFIX.length),
          EncryptionContext: encryptionContext(context),
        });
      } catch (error) {
        if (error instanceof TencentCloudError)
          throw new MasterKeyError(`KMS does not unwrap the data key of ${context}: ${error.message}`);
        throw error;
      }
      if (typeof answer.Plaintext !== 'string') throw new MasterKeyError('KMS Decrypt answered no Plaintext');
      return Buffer.from(answer.Plaintext, 'base64');
    },
  };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * The master key wraps the companies' data and index keys (decision 074); it never touches a personal value.
 * It is 32 bytes from the settings (PII_MASTER_KEY), a file the demo makes under DATA_DIR, or a key that never
 * leaves Tencent Cloud KMS (adapters/kms). `context` names the key being wrapped (company, purpose, version),
 * so a wrapped key copied onto another row fails to unwrap.
 */
export interface MasterKey {
  /** How the key is held, for logs and the re-wrap command's report: 'local' or 'kms:<key id>'. */
  readonly name: string;
  wrap(key: Buffer, context: string): Promise<string>;
  unwrap(wrapped: string, context: string): Promise<Buffer>;
}

/** A wrapped key the master key does not open. Start-up stops on it rather than serve garbage. */
export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasterKeyError';
  }
}

const LOCAL_PREFIX = 'm1:';

/** AES-256-GCM under a 32-byte key held by this process. */
export function localMasterKey(secret: Buffer): MasterKey {
  if (secret.length !== 32) throw new MasterKeyError('the master key must be 32 bytes (base64 of 32 random bytes)');
  return {
    name: 'local',
    async wrap(key, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(key), cipher.final()]);
      return LOCAL_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    async unwrap(wrapped, context) {
      if (!wrapped.startsWith(LOCAL_PREFIX))
        throw new MasterKeyError(`a data key was wrapped by another kind of master key (${wrapped.split(':')[0]})`);
      const raw = Buffer.from(wrapped.slice(LOCAL_PREFIX.length), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      } catch {
        throw new MasterKeyError(
          `the master key does not open the data key of ${context}: PII_MASTER_KEY is not the key the database was sealed with`,
        );
      }
    },
  };
}

/** Reads PII_MASTER_KEY's base64; refuses anything but 32 bytes. */
export function parseMasterKey(base64: string): Buffer {
  const secret = Buffer.from(base64, 'base64');
  if (secret.length !== 32 || secret.toString('base64') !== base64.replace(/\s/g, ''))
    throw new MasterKeyError('PII_MASTER_KEY must be the base64 of 32 random bytes (`openssl rand -base64 32`)');
  return secret;
}

/**
 * The demo's master key: a file under DATA_DIR, made on first start with mode 0600. Losing it loses every
 * personal value in the demo database, which is why production never uses it.
 */
export function demoMasterKeyFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseMasterKey(fs.readFileSync(file, 'utf8').trim());
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTencentKmsMasterKey } from '../adapters/kms/tencent-kms.ts';
import { startFakeTencentKms, type FakeTencentKms } from '../adapters/kms/fake-tencent-kms.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { dataKeys } from '../db/schema/pii.ts';
import { createCompany, insertRow } from '../test/factories.ts';
import { companies } from '../db/schema/staff.ts';
import { openTestDatabase, type TestDatabase } from '../test/build-test-app.ts';
import { PRODUCTION_KEYS } from '../test/production-env.ts';
import { isSealed, OpenError } from './cipher.ts';
import { sealedText, PlainValueError } from './column.ts';
import { keyring, Keyring, UnknownKeyError } from './keyring.ts';
import { MasterKeyError } from './master-key.ts';
import { masterKeyFrom, preparePii } from './start.ts';

const config = loadConfig({ NODE_ENV: 'test' });
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(config);
  keyring.use(masterA());
});
afterAll(() => database.close());

// The tests' master key: the factories make each company's keys through the process's keyring under it.
const masterA = () => masterKeyFrom(config.pii);

describe('a company sealer', () => {
  it('seals each value differently and opens it again, only for the column it was sealed for', async () => {
    const ring = new Keyring();
    ring.use(masterA());
    const corp = await createCompany(database.db);
    const sealer = await ring.forCompany(database.db, corp.id);
    const once = sealer.seal('clients.phone', '13800138000');
    const twice = sealer.seal('clients.phone', '13800138000');
    expect(isSealed(once)).toBe(true);
    expect(once).not.toBe(twice);
    expect(once).not.toContain('13800138000');
    expect(ring.open('clients.phone', once)).toBe('13800138000');
    expect(() => ring.open('clients.id_number', once)).toThrow(OpenError);
    const tampered = once.slice(0, -4) + (once.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => ring.open('clients.phone', tampered)).toThrow(OpenError);
    expect(sealer.seal('clients.phone', '')).toBe('');
  });

  it('gives equal blind indexes for equal values of one company, different ones across companies, none for ""', async () => {
    const ring = new Keyring();
    ring.use(masterA());
    const [one, other] = [await createCompany(database.db), await createCompany(database.db)];
    const a = await ring.forCompany(database.db, one.id);
    const again = await ring.forCompany(database.db, one.id);
    const b = await ring.forCompany(database.db, other.id);
    expect(a.index('phone', '13800138000')).toBe(again.index('phone', '13800138000'));
    expect(a.index('phone', '13800138000')).toMatch(/^[0-9a-f]{32}$/);
    expect(a.index('phone', '13800138000')).not.toBe(b.index('phone', '13800138000'));
    expect(a.index('phone', '13800138000')).not.toBe(a.index('id_number', '13800138000'));
    expect(a.last4('13800138000')).toBe(a.last4('13900008000'));
    expect(a.index('id_number', '')).toBeNull();
    expect(a.last4('12')).toBeNull();
  });

  it('keeps the index key apart from the data key: two keys per company, each wrapped, none stored plain', async () => {
    const ring = new Keyring();
    ring.use(masterA());
    const corp = await createCompany(database.db);
    await ring.forCompany(database.db, corp.id);
    const rows = (await database.db.select().from(dataKeys)).filter((row) => row.corpId === corp.id);
    expect(rows.map((row) => [row.purpose, row.version]).sort()).toEqual([
      ['data', 1],
      ['index', 1],
    ]);
    expect(rows.every((row) => row.wrapped.startsWith('m1:'))).toBe(true);
  });
});

describe('start-up with the master key', () => {
  it('opens values sealed by another process once it loads the keys with the same master key', async () => {
    const writer = new Keyring();
    writer.use(masterA());
    const corp = await createCompany(database.db);
    const sealed = (await writer.forCompany(database.db, corp.id)).seal('clients.bank_card', '6222020200112233445');
    const reader = new Keyring();
    expect(() => reader.open('clients.bank_card', sealed)).toThrow(UnknownKeyError);
    await preparePii(database.db, config, reader);
    expect(reader.open('clients.bank_card', sealed)).toBe('6222020200112233445');
  });

  it('refuses to start with a wrong master key rather than serve garbage', async () => {
    const ring = new Keyring();
    ring.use(masterA());
    await ring.forCompany(database.db, (await createCompany(database.db)).id);
    const wrong = { pii: { provider: 'key' as const, base64: randomBytes(32).toString('base64') } };
    await expect(preparePii(database.db, wrong, new Keyring())).rejects.toThrow(
      /PII_MASTER_KEY is not the key the database was sealed with/,
    );
  });

  it('makes the demo master key under DATA_DIR, readable by its owner only, and reuses it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-pii-'));
    const demo = loadConfig({ DATA_DIR: dataDir });
    expect(demo.pii).toEqual({ provider: 'demo-file', file: path.join(dataDir, 'pii-master.key') });
    const file = path.join(dataDir, 'pii-master.key');
    const first = masterKeyFrom(demo.pii);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const wrapped = await first.wrap(Buffer.alloc(32, 9), 'ctx');
    expect(await masterKeyFrom(demo.pii).unwrap(wrapped, 'ctx')).toEqual(Buffer.alloc(32, 9));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the settings of the master key', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://crm@db.internal:5432/crm',
    ...PRODUCTION_KEYS,
  };
  it('refuses production without a master key, and a key that is not 32 bytes', () => {
    expect(() => loadConfig({ ...production, PII_MASTER_KEY: '' })).toThrow(/needs PII_MASTER_KEY/);
    expect(() => loadConfig({ ...production, PII_MASTER_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(loadConfig(production).pii).toEqual({ provider: 'key', base64: PRODUCTION_KEYS.PII_MASTER_KEY });
  });

  it('takes a KMS key instead, with its credentials', () => {
    const kms = { ...production, PII_MASTER_KEY: '', PII_KMS_KEY_ID: 'key-1' };
    expect(() => loadConfig(kms)).toThrow(/TENCENT_KMS_SECRET_ID, TENCENT_KMS_SECRET_KEY/);
    expect(loadConfig({ ...kms, TENCENT_KMS_SECRET_ID: 'id', TENCENT_KMS_SECRET_KEY: 'key' }).pii).toMatchObject({
      provider: 'kms',
      keyId: 'key-1',
      region: 'ap-guangzhou',
    });
  });
});

describe('a sealed column', () => {
  const table = pgTable('t', { c: sealedText('t.c') });
  it('refuses a plain value on the way in', () => {
    expect(() => table.c.mapToDriverValue('13800138000')).toThrow(PlainValueError);
    expect(table.c.mapToDriverValue('')).toBe('');
  });
});

describe('the Tencent Cloud KMS master key against the fake KMS', () => {
  const SECRET_ID = 'AKIDkms000000000000000000000000000000';
  const SECRET_KEY = 'kms-secret-key-00000000000000000';
  let fake: FakeTencentKms;
  // A database of its own: the load below unwraps every key in it, and the other tests' keys are not KMS's.
  let own: TestDatabase;
  beforeAll(async () => {
    fake = await startFakeTencentKms({ secretId: SECRET_ID, secretKey: SECRET_KEY, keyIds: ['cmk-1'] });
    own = await openTestDatabase(config);
  });
  afterAll(async () => {
    await fake.close();
    await own.close();
  });
  const kms = (secretKey = SECRET_KEY) =>
    createTencentKmsMasterKey({
      secretId: SECRET_ID,
      secretKey,
      keyId: 'cmk-1',
      region: 'ap-guangzhou',
      endpoint: fake.endpoint,
    });

  it('wraps and unwraps the companies keys through signed Encrypt and Decrypt calls', async () => {
    const ring = new Keyring();
    ring.use(kms());
    // A bare company row: its keys are made here, under KMS, not by the factory under the test key.
    const corp = await insertRow(own.db, companies, { name: 'KMS公司' }, 'company');
    const sealed = (await ring.forCompany(own.db, corp.id)).seal('clients.phone', '13700001111');
    const fresh = new Keyring();
    fresh.use(kms());
    await fresh.load(own.db);
    expect(fresh.open('clients.phone', sealed)).toBe('13700001111');
    expect(fake.calls.filter((c) => c.error === null).map((c) => c.action)).toContain('Decrypt');
  });

  it('refuses a wrapped key moved to another row, a bad signature and a disabled key', async () => {
    const wrapped = await kms().wrap(Buffer.alloc(32, 3), 'row one');
    expect((await kms().unwrap(wrapped, 'row one')).equals(Buffer.alloc(32, 3))).toBe(true);
    await expect(kms().unwrap(wrapped, 'row two')).rejects.toThrow(MasterKeyError);
    await expect(kms('wrong-secret-key-0000000000000000').unwrap(wrapped, 'row one')).rejects.toThrow(
      /AuthFailure.SignatureFailure/,
    );
    fake.disable('cmk-1');
    await expect(kms().unwrap(wrapped, 'row one')).rejects.toThrow(/CmkDisabled/);
  });
});

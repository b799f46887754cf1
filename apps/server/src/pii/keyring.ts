import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { dataKeys } from '../db/schema/pii.ts';
import { blindIndexWith, isSealed, openWith, sealedKeyId, sealWith, type IndexKind } from './cipher.ts';
import { MasterKeyError, type MasterKey } from './master-key.ts';

/*
 * The unwrapped keys of every company this process has met (decision 074). Reads open sealed values
 * synchronously inside the database driver's row mapping (sealedText in pii/column.ts), so the keys must
 * already be here: start-up loads them all, a company's first seal makes and loads its own, and a timer picks
 * up the keys another process made (a rotation). Keys are held by their random id, so one process serving two
 * databases (tests) never mixes them up.
 */

/**
 * How often a serving process looks for keys made elsewhere; a rotation waits longer than this before it seals
 * rows with a new key, so no process meets a row whose key it does not hold yet.
 */
export const KEY_RELOAD_MS = 10_000;

interface HeldKey {
  corpId: number;
  purpose: 'data' | 'index';
  secret: Buffer;
}

/** What seals a company's values and computes its blind indexes; from `keyring.forCompany`. */
export interface Sealer {
  readonly corpId: number;
  /** The sealed form of `value` for `column` ('table.column'); '' stays '' (nothing to protect). */
  seal(column: string, value: string): string;
  /** `value`'s blind index; null for '' so "no value" never matches another "no value". */
  index(kind: IndexKind, value: string): string | null;
  /** The blind index of a phone's last four digits; null without four digits. */
  last4(phone: string): string | null;
}

/** A sealed value names a key this process does not hold: unknown to the database, or made after the last load. */
export class UnknownKeyError extends Error {
  constructor(keyId: string) {
    super(`data key ${keyId} is not loaded: the row was sealed by a key this database does not hold`);
    this.name = 'UnknownKeyError';
  }
}

const contextOf = (row: { corpId: number; purpose: string; version: number }) =>
  `data_keys corp=${row.corpId} purpose=${row.purpose} version=${row.version}`;

type Reader = Db | Tx;

export class Keyring {
  private master: MasterKey | undefined;
  private readonly held = new Map<string, HeldKey>();

  /** The master key the keys are wrapped by from now on. */
  use(master: MasterKey) {
    this.master = master;
  }

  get masterName() {
    return this.master?.name;
  }

  private requireMaster(): MasterKey {
    if (!this.master) throw new MasterKeyError('no master key: the keyring was not given one at start-up');
    return this.master;
  }

  /** Unwraps every key of the database not yet held; a key the master key does not open stops it (MasterKeyError). */
  async load(db: Reader): Promise<number> {
    const master = this.requireMaster();
    const rows = await db.select().from(dataKeys).orderBy(asc(dataKeys.corpId), asc(dataKeys.version));
    let loaded = 0;
    for (const row of rows) {
      if (this.held.has(row.id)) continue;
      const secret = await master.unwrap(row.wrapped, contextOf(row));
      if (secret.length !== 32) throw new MasterKeyError(`the data key of ${contextOf(row)} is not 32 bytes`);
      this.held.set(row.id, { corpId: row.corpId, purpose: row.purpose, secret });
      loaded += 1;
    }
    return loaded;
  }

  /** Wraps a fresh key of `purpose` and stores it as `version` (nothing when another writer stored it first). */
  async addKey(db: Reader, corpId: number, purpose: 'data' | 'index', version: number): Promise<void> {
    const secret = randomBytes(32);
    const row = { id: randomBytes(8).toString('hex'), corpId, purpose, version };
    const wrapped = await this.requireMaster().wrap(secret, contextOf(row));
    const added = await db
      .insert(dataKeys)
      .values({ ...row, wrapped })
      .onConflictDoNothing()
      .returning({ id: dataKeys.id });
    if (added.length) this.held.set(row.id, { corpId, purpose, secret });
  }

  /** The company's current data key and its index key, made on its first seal. */
  async forCompany(db: Reader, corpId: number): Promise<Sealer> {
    let rows = await this.keyRows(db, corpId);
    if (!rows.some((row) => row.purpose === 'data') || !rows.some((row) => row.purpose === 'index')) {
      if (!rows.some((row) => row.purpose === 'data')) await this.addKey(db, corpId, 'data', 1);
      if (!rows.some((row) => row.purpose === 'index')) await this.addKey(db, corpId, 'index', 1);
      rows = await this.keyRows(db, corpId);
    }
    if (rows.some((row) => !this.held.has(row.id))) await this.load(db);
    const dataRow = rows.filter((row) => row.purpose === 'data').at(-1);
    const indexRow = rows.find((row) => row.purpose === 'index');
    if (!dataRow || !indexRow) throw new MasterKeyError(`company ${corpId} has no data key`);
    const dataKey = { id: dataRow.id, corpId, secret: this.secretOf(dataRow.id) };
    const indexKey = this.secretOf(indexRow.id);
    return {
      corpId,
      seal: (column, value) => (value === '' ? '' : sealWith(dataKey, column, value)),
      index: (kind, value) => (value === '' ? null : blindIndexWith(indexKey, kind, value)),
      last4: (phone) => (/\d{4}$/.test(phone) ? blindIndexWith(indexKey, 'phone_last4', phone.slice(-4)) : null),
    };
  }

  /**
   * `value`'s blind index under every company's index key, for a lookup made before the company is known (an
   * SMS code asked for a phone, the login by phone): one HMAC per company. A row matches only the index of
   * its own company (the caller compares `corpId` too).
   */
  async indexInEveryCompany(db: Reader, kind: IndexKind, value: string): Promise<{ corpId: number; index: string }[]> {
    if (value === '') return [];
    const rows = await db
      .select({ id: dataKeys.id, corpId: dataKeys.corpId })
      .from(dataKeys)
      .where(eq(dataKeys.purpose, 'index'));
    if (rows.some((row) => !this.held.has(row.id))) await this.load(db);
    return rows.map((row) => ({ corpId: row.corpId, index: blindIndexWith(this.secretOf(row.id), kind, value) }));
  }

  private keyRows(db: Reader, corpId: number) {
    return db
      .select({ id: dataKeys.id, purpose: dataKeys.purpose, version: dataKeys.version })
      .from(dataKeys)
      .where(and(eq(dataKeys.corpId, corpId)))
      .orderBy(asc(dataKeys.version));
  }

  private secretOf(keyId: string): Buffer {
    const key = this.held.get(keyId);
    if (!key) throw new UnknownKeyError(keyId);
    return key.secret;
  }

  /** The plain value of a sealed one; '' stays ''. Synchronous: the key is held since start-up or the key's creation. */
  open(column: string, sealed: string): string {
    if (sealed === '') return '';
    const keyId = sealedKeyId(sealed);
    const key = this.held.get(keyId);
    if (!key || key.purpose !== 'data') throw new UnknownKeyError(keyId);
    return openWith(key, column, sealed);
  }

  /** The data key id a sealed value names; for the rotation's "which rows still use the old key". */
  static keyIdOf(sealed: string): string | undefined {
    return isSealed(sealed) ? sealedKeyId(sealed) : undefined;
  }

  /** Forgets every held key (tests of start-up). */
  clear() {
    this.held.clear();
  }
}

/** The process's keyring: the sealed columns' row mapping reads it. */
export const keyring = new Keyring();

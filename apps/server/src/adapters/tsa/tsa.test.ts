import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTsa, type FakeTsa } from './fake-tsa.ts';
import { createTsaClient, SHA256_OID } from './tsa.ts';

const hash = createHash('sha256').update('sealed pdf bytes').digest();
let tsa: FakeTsa;

beforeAll(async () => {
  tsa = await startFakeTsa();
});
afterAll(async () => {
  await tsa.close();
});

describe('RFC 3161 TSA client', () => {
  it('sends a v1 SHA-256 TimeStampReq with a nonce and certReq, and reads the genTime of the granted token', async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 10, 23, 8, 0, 0)) });
    const answer = await createTsaClient({ url: tsa.url }).timestamp(hash);
    expect(answer.genTime.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(answer.token.length).toBeGreaterThan(60);
    const sent = tsa.requests.at(-1)!;
    expect(sent).toMatchObject({
      contentType: 'application/timestamp-query',
      version: 1,
      hashOid: SHA256_OID,
      certReq: true,
    });
    expect(sent.nonce).toMatch(/^[0-7][0-9a-f]{15}$/);
  });

  it('keeps the token exactly as signed: openssl ts -verify accepts it for the hash against the TSA certificate', async () => {
    tsa.set({});
    const answer = await createTsaClient({ url: tsa.url }).timestamp(hash);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsa-'));
    fs.writeFileSync(path.join(dir, 'token.der'), answer.token);
    fs.writeFileSync(path.join(dir, 'tsa.pem'), tsa.certificatePem);
    const verify = (digest: string) =>
      spawnSync(
        'openssl',
        ['ts', '-verify', '-digest', digest, '-in', 'token.der', '-token_in', '-CAfile', 'tsa.pem'],
        {
          cwd: dir,
        },
      );
    const ok = verify(hash.toString('hex'));
    expect(ok.stdout.toString() + ok.stderr.toString()).toContain('Verification: OK');
    const other = createHash('sha256').update('other bytes').digest('hex');
    expect(verify(other).status).not.toBe(0);
  });

  it('uses a fresh nonce each time', async () => {
    tsa.set({});
    const client = createTsaClient({ url: tsa.url });
    await client.timestamp(hash);
    await client.timestamp(hash);
    const [a, b] = tsa.requests.slice(-2);
    expect(a!.nonce).not.toBe(b!.nonce);
  });

  it('refuses a token for another hash', async () => {
    tsa.set({ tamper: 'imprint' });
    await expect(createTsaClient({ url: tsa.url }).timestamp(hash)).rejects.toThrow('another hash');
  });

  it('refuses a token with another nonce', async () => {
    tsa.set({ tamper: 'nonce' });
    await expect(createTsaClient({ url: tsa.url }).timestamp(hash)).rejects.toThrow('nonce does not match');
  });

  it('refuses a rejection (status 2)', async () => {
    tsa.set({ status: 2 });
    await expect(createTsaClient({ url: tsa.url }).timestamp(hash)).rejects.toThrow('status 2');
  });

  it('refuses when the TSA cannot be reached', async () => {
    await expect(createTsaClient({ url: 'http://127.0.0.1:1/tsa', timeoutMs: 2000 }).timestamp(hash)).rejects.toThrow(
      'unreachable',
    );
  });
});

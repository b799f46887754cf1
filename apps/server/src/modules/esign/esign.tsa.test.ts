import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSignature } from '@signpdf/utils';
import * as pkijs from 'pkijs';
import type { EsignEvidence } from '@crm/domain/api/esign';
import { startFakeTsa, type FakeTsa } from '../../adapters/tsa/fake-tsa.ts';
import { createTsaClient } from '../../adapters/tsa/tsa.ts';
import { esignTemplates } from '../../db/schema/esign.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { makePng } from '../../test/factories-money.ts';
import { postJson } from '../../test/http.ts';
import { signatureTimestamp } from './esign.seal.ts';
import { verifyPdf } from './esign.verify.ts';
import { staffCookie } from '../../test/sessions.ts';

let clock = new Date('2026-05-10T02:00:00Z');
let test: TestApp;
let tsa: FakeTsa;
beforeAll(async () => {
  tsa = await startFakeTsa();
  test = await buildTestApp({ now: () => clock, tsa: createTsaClient({ url: tsa.url }) });
});
afterAll(async () => {
  await test.close();
  await tsa.close();
});

const post = <T = unknown>(url: string, payload: object, headers: Record<string, string> = {}) =>
  postJson<T>(test.app, url, payload, { 'user-agent': 'test', ...headers });

/** A salesperson starts an order, the client identifies, reads both pages and signs. */
async function signOne() {
  const corp = await createCompany(test.db, '测试居间公司');
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id });
  await test.db.insert(esignTemplates).values([
    { corpId: corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] },
    { corpId: corp.id, kind: 'service', title: '居间服务协议', body: ['{{company_name}}提供居间服务。'] },
  ]);
  const theCase = await createCase(test.db, owner, { name: '李四', phone: '13800138000' });
  const cookie = await staffCookie(test, owner);
  const added = await post<{ id: number; link: string }>('/api/esign/add', { user_id: theCase.id }, { cookie });
  const token = new URL(added.body.data.link, 'http://x').searchParams.get('t') ?? '';
  clock = new Date(clock.getTime() + 61_000);
  await post('/api/esign/signer/start', { token });
  await post('/api/esign/signer/code', { token });
  const code = test.sms.lastCodeFor('13800138000') ?? '';
  const login = await post('/api/esign/signer/login', { token, code, id_number: theCase.idNumber });
  const signer = `esign_signer=${login.response.cookies.find((c) => c.name === 'esign_signer')?.value ?? ''}`;
  for (const page of [1, 2]) await post('/api/esign/signer/page', { page }, { cookie: signer });
  const png = await makePng(240, 80);
  const signed = await post<{ sealed_sha256: string }>(
    '/api/esign/signer/sign',
    { signature: `data:image/png;base64,${png.toString('base64')}`, consent: true },
    { cookie: signer },
  );
  expect(signed.body).toMatchObject({ code: 0, msg: '签署完成' });
  const evidence = await post<EsignEvidence>('/api/esign/evidence', { id: added.body.data.id }, { cookie });
  const sealed = await test.app.inject({
    method: 'POST',
    url: '/api/esign/download',
    payload: { id: added.body.data.id, file: 'sealed' },
    headers: { cookie },
  });
  return { id: added.body.data.id, cookie, signer, evidence: evidence.body.data, sealedPdf: sealed.rawPayload };
}

const tmpFile = (name: string, bytes: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tsa-')), name);
  fs.writeFileSync(file, bytes);
  return file;
};
const pdfsig = (bytes: Uint8Array) => spawnSync('pdfsig', [tmpFile('sealed.pdf', bytes)]).stdout.toString();

/** The signature's CMS and its signature-time-stamp token, checked by openssl against the TSA's certificate. */
function opensslVerifiesTimestamp(pdf: Buffer) {
  const { signature } = extractSignature(pdf) as { signature: string };
  const cms = Buffer.from(signature.replace(/\0+$/, ''), 'binary');
  const stamp = signatureTimestamp(cms);
  if (!stamp) return { stamp, output: '' };
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cms).content });
  const value = signedData.signerInfos[0]!.signature.valueBlock.valueHexView;
  const digest = createHash('sha256').update(value).digest('hex');
  const token = tmpFile('token.der', stamp.token);
  const ca = tmpFile('tsa.pem', Buffer.from(tsa.certificatePem));
  const run = spawnSync('openssl', ['ts', '-verify', '-digest', digest, '-in', token, '-token_in', '-CAfile', ca]);
  return { stamp, output: run.stdout.toString() + run.stderr.toString() };
}

describe('electronic signing with a timestamp authority (ESIGN_TSA_URL)', () => {
  it("seals PAdES B-LTA: the signature carries the TSA token over its value, a DSS holds the chain and the CA's CRL, a document timestamp closes it; pdfsig accepts the seal, one flipped byte fails it", async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 2, 1, 5)) });
    const { evidence, sealedPdf, cookie } = await signOne();
    expect(evidence.events.find((e) => e.type === 'sealed')?.detail).toMatchObject({ level: 'B-LTA' });
    const verify = (pdf: Buffer) =>
      post<{ seal: object }>('/api/esign/verify', { pdf: pdf.toString('base64') }, { cookie });
    const certificate = {
      subject: 'E-sign demo seal',
      issuer: 'Loan CRM demo CA',
      valid_at_timestamp: true,
      chain_complete: true,
      revocation: 'not_revoked',
    };
    expect((await verify(sealedPdf)).body.data.seal).toMatchObject({
      sealed: true,
      intact: true,
      signer: 'E-sign demo seal',
      timestamp: '2026-05-10T02:01:05.000Z',
      document_timestamp: '2026-05-10T02:01:05.000Z',
      level: 'B-LTA',
      certificate: { ...certificate, expired_now: false },
    });
    const { stamp, output } = opensslVerifiesTimestamp(sealedPdf);
    expect(stamp).toMatchObject({ coversSignature: true, genTime: new Date('2026-05-10T02:01:05.000Z') });
    expect(output).toContain('Verification: OK');
    expect(sealedPdf.toString('latin1')).toMatch(/\/SubFilter\s*\/ETSI\.RFC3161/);
    const report = pdfsig(sealedPdf);
    expect(report).toMatch(/Signature #1:[\s\S]*Signature Type: ETSI\.CAdES\.detached[\s\S]*Signature is Valid/);
    expect(report).toMatch(/Signature #2:[\s\S]*Signer Certificate Common Name: Fake TSA \(tests\)/);

    const flipped = Buffer.from(sealedPdf);
    const at = flipped.indexOf('/Contents', 0) - 40;
    flipped[at] = flipped[at]! ^ 0x01;
    expect(pdfsig(flipped)).not.toContain('Signature is Valid');
    expect((await verify(flipped)).body.data.seal).toMatchObject({ intact: false });

    // Eleven years on, the certificate has expired: the seal still verifies from the document's own chain,
    // CRL and timestamps, at the TSA's time.
    // (Read by the verifier itself: a staff session of today would not last eleven years.)
    const later = new Date(clock.getTime() + 11 * 365 * 86_400_000);
    expect(await verifyPdf(sealedPdf, later)).toMatchObject({
      intact: true,
      level: 'B-LTA',
      certificate: { ...certificate, expired_now: true },
    });
  });

  it('the signing certificate (签署证书) is sealed and timestamped too, and the client gets it through the signing link', async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 2, 1, 5)) });
    const { evidence, signer } = await signOne();
    const certificate = await test.app.inject({
      method: 'POST',
      url: '/api/esign/signer/download',
      payload: { file: 'certificate' },
      headers: { cookie: signer, 'user-agent': 'test' },
    });
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(await verifyPdf(certificate.rawPayload, clock)).toMatchObject({
      intact: true,
      level: 'B-LTA',
      timestamp: '2026-05-10T02:01:05.000Z',
    });
    const text = execFileSync('pdftotext', [tmpFile('certificate.pdf', certificate.rawPayload), '-'])
      .toString()
      .replace(/\s/g, '');
    expect(text).toContain(evidence.original_sha256);
    expect(text).toContain(evidence.sealed_sha256);
    expect(text).toContain('code_verified');
    // Another signer's cookie, or none, gets nothing.
    const stranger = await test.app.inject({
      method: 'POST',
      url: '/api/esign/signer/download',
      payload: { file: 'certificate' },
      headers: { cookie: 'esign_signer=not-a-session' },
    });
    expect(stranger.headers['content-type']).not.toBe('application/pdf');
  });

  it('timestamps the sealed PDF: the evidence holds the token and genTime over the hash of the downloaded file', async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 2, 1, 5)) });
    const { id, cookie, evidence, sealedPdf } = await signOne();
    const types = evidence.events.map((e) => e.type);
    expect(types.slice(-3)).toEqual(['signed', 'sealed', 'timestamped']);
    const stamped = evidence.events.at(-1)!;
    const hash = createHash('sha256').update(sealedPdf).digest('hex');
    expect(stamped.detail).toMatchObject({ sha256: hash, gen_time: '2026-05-10T02:01:05.000Z' });
    expect(Buffer.from(String(stamped.detail.token), 'base64').length).toBeGreaterThan(60);
    expect(evidence.chain).toMatchObject({ intact: true });
    expect(tsa.requests.at(-1)).toMatchObject({ contentType: 'application/timestamp-query', certReq: true });
    const certificate = await test.app.inject({
      method: 'POST',
      url: '/api/esign/download',
      payload: { id, file: 'certificate' },
      headers: { cookie },
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tsa-')), 'certificate.pdf');
    fs.writeFileSync(file, certificate.rawPayload);
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('2026-05-10T02:01:05.000Z');
  });

  it('a TSA outage leaves the order signed and sealed, is recorded, retried by the queue and timestamped once the TSA is back', async () => {
    tsa.set({ status: 2 });
    const { id, cookie, evidence, sealedPdf } = await signOne();
    expect(evidence.events.at(-1)).toMatchObject({ type: 'timestamp_failed', detail: { attempt: 1 } });
    expect(evidence.events.at(-1)?.detail.reason).toMatch(/status 2/);
    expect(evidence.events.at(-1)?.detail.retry_at).toMatch(/\+08:00$/);
    expect(sealedPdf.subarray(0, 5).toString()).toBe('%PDF-');
    const order = await post<{ status: string }>('/api/esign/order', { id }, { cookie });
    expect(order.body.data.status).toBe('signed');

    // Not before its time; then a try while the TSA is still away is one more failure, queued again.
    expect(await test.app.drainJobs()).toBe(0);
    clock = new Date(clock.getTime() + 31_000);
    expect(await test.app.drainJobs()).toBe(1);
    const still = await post<EsignEvidence>('/api/esign/evidence', { id }, { cookie });
    expect(still.body.data.events.at(-1)).toMatchObject({ type: 'timestamp_failed', detail: { attempt: 2 } });

    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 3, 0, 0)) });
    clock = new Date(clock.getTime() + 61_000);
    expect(await test.app.drainJobs()).toBe(1);
    const after = await post<EsignEvidence>('/api/esign/evidence', { id }, { cookie });
    const stamped = after.body.data.events.at(-1)!;
    expect(stamped).toMatchObject({ type: 'timestamped', actor: 'system', detail: { attempt: 3 } });
    expect(stamped.detail).toMatchObject({ gen_time: '2026-05-10T03:00:00.000Z' });
    // The seal made without a timestamp is sealed again at B-T: the order's document is the new file.
    expect(stamped.detail.previous_sha256).toBe(createHash('sha256').update(sealedPdf).digest('hex'));
    expect(opensslVerifiesTimestamp(sealedPdf).stamp).toBeNull();
    const resealed = await test.app.inject({
      method: 'POST',
      url: '/api/esign/download',
      payload: { id, file: 'sealed' },
      headers: { cookie },
    });
    expect(stamped.detail.sha256).toBe(createHash('sha256').update(resealed.rawPayload).digest('hex'));
    expect(opensslVerifiesTimestamp(resealed.rawPayload).output).toContain('Verification: OK');
    expect(pdfsig(resealed.rawPayload)).toContain('Signature is Valid');
    expect(resealed.rawPayload.toString('latin1')).toMatch(/\/SubFilter\s*\/ETSI\.RFC3161/);
    expect(after.body.data.chain).toMatchObject({ intact: true });
    // Done: nothing is tried again, and no event ever carries the server's clock as the timestamp.
    clock = new Date(clock.getTime() + 3600_000);
    expect(await test.app.drainJobs()).toBe(0);
    expect(after.body.data.events.filter((e) => e.type === 'timestamped')).toHaveLength(1);
  });

  it('a token for another hash is not stored as a timestamp', async () => {
    tsa.set({ tamper: 'imprint' });
    const { evidence } = await signOne();
    expect(evidence.events.map((e) => e.type)).not.toContain('timestamped');
    expect(evidence.events.at(-1)).toMatchObject({ type: 'timestamp_failed' });
  });
});

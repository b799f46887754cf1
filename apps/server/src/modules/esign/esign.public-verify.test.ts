import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsignPublicVerify } from '@crm/domain/api/esign';
import { startFakeTsa, type FakeTsa } from '../../adapters/tsa/fake-tsa.ts';
import { createTsaClient } from '../../adapters/tsa/tsa.ts';
import { esignTemplates } from '../../db/schema/esign.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { makePng } from '../../test/factories-money.ts';
import { postJson } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { PUBLIC_VERIFY_PER_MINUTE } from './esign.routes.ts';
import { makeDemoPki } from './esign.pki.ts';
import { sealPades } from './esign.seal.ts';

/*
 * The public verify page's call (issue 48): no login, a PDF's own bytes. A sealed contract is valid and named
 * (masked); one changed byte is not; a foreign or unsealed PDF says nothing of any order; only PDFs, at most
 * 10 MB, a few a minute per address.
 */

let clock = new Date('2026-05-10T02:00:00Z');
let test: TestApp;
let tsa: FakeTsa;
beforeAll(async () => {
  tsa = await startFakeTsa();
  test = await buildTestApp({
    now: () => clock,
    tsa: createTsaClient({ url: tsa.url }),
    // The global limiter on, generous: the route's own budget is the one under test.
    config: { RATE_LIMIT_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await test.close();
  await tsa.close();
});

const post = <T = unknown>(url: string, payload: object, headers: Record<string, string> = {}) =>
  postJson<T>(test.app, url, payload, { 'user-agent': 'test', ...headers });

let address = 0;
/** Each check from its own address unless one is named, so the per-address budget only bites where tested. */
async function check(pdf: Buffer | null, { from = `10.8.0.${++address}`, type = 'application/pdf' } = {}) {
  const form = new FormData();
  if (pdf) form.append('file', new Blob([new Uint8Array(pdf)], { type }), 'contract.pdf');
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/esign/public/verify',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    remoteAddress: from,
  });
  return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: EsignPublicVerify }>() };
}

/** A salesperson's order signed by 李四 and sealed B-LTA; the sealed PDF and the signing certificate. */
async function signOne() {
  const corp = await createCompany(test.db, '核验居间公司');
  const owner = await createStaff(test.db, corp.id);
  await test.db
    .insert(esignTemplates)
    .values([{ corpId: corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] }]);
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
  await post('/api/esign/signer/page', { page: 1 }, { cookie: signer });
  const png = await makePng(240, 80);
  const signed = await post(
    '/api/esign/signer/sign',
    {
      signature: `data:image/png;base64,${png.toString('base64')}`,
      consent: true,
    },
    { cookie: signer },
  );
  expect(signed.body).toMatchObject({ code: 0 });
  const file = (name: 'sealed' | 'certificate') =>
    test.app
      .inject({
        method: 'POST',
        url: '/api/esign/download',
        payload: { id: added.body.data.id, file: name },
        headers: { cookie },
      })
      .then((r) => r.rawPayload);
  return { id: added.body.data.id, sealed: await file('sealed'), certificate: await file('certificate') };
}

const tmpFile = (name: string, bytes: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esign-verify-')), name);
  fs.writeFileSync(file, bytes);
  return file;
};

describe('the public verify page (/interface/esign/verify)', () => {
  it('a contract sealed here is valid: company, title, the signer masked, the time, the TSA and its certificate at the timestamp; no order number', async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 2, 1, 5)) });
    const { id, sealed } = await signOne();
    const { status, body } = await check(sealed);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      sha256: createHash('sha256').update(sealed).digest('hex'),
      verdict: 'valid',
      registered: true,
      our_seal: true,
      company_name: '核验居间公司',
      signer_name: '李*',
      signed_at: '2026-05-10T02:01:01.000Z',
      evidence_intact: true,
      seal: {
        intact: true,
        level: 'B-LTA',
        timestamp: '2026-05-10T02:01:05.000Z',
        tsa: 'Fake TSA (tests)',
        certificate: { valid_at_timestamp: true, revocation: 'not_revoked', chain_complete: true },
      },
    });
    // The title as the order names it, the signer's name in it masked too.
    expect(body.data.title).toBe('李* 借款签署文件');
    // Nothing that counts or names orders: the answer has no id field at all.
    expect(JSON.stringify(body.data)).not.toMatch(/"(order_)?id"/);
    expect(JSON.stringify(body.data)).not.toContain(`"${id}"`);
  });

  it('one changed byte: altered, and nothing of the order it came from', async () => {
    const { sealed } = await signOne();
    const tampered = Buffer.from(sealed);
    tampered[1000] = tampered[1000]! ^ 0x01;
    const { body } = await check(tampered);
    expect(body.data).toMatchObject({
      verdict: 'altered',
      registered: false,
      company_name: null,
      title: null,
      signer_name: null,
      signed_at: null,
      evidence_intact: null,
      seal: { sealed: true, intact: false },
    });
  });

  it('the signing certificate (签署证书) is sealed with this product’s seal but is not a contract; it prints and links the verify page', async () => {
    const { certificate } = await signOne();
    const { body } = await check(certificate);
    expect(body.data).toMatchObject({
      verdict: 'unregistered',
      registered: false,
      our_seal: true,
      seal: { intact: true },
    });
    const text = spawnSync('pdftotext', [tmpFile('certificate.pdf', certificate), '-']).stdout.toString();
    expect(text).toContain('http://localhost');
    expect(text).toContain('/interface/esign/verify');
    // A link annotation: a tap in a PDF reader opens the page.
    const links = spawnSync('pdfinfo', ['-url', tmpFile('certificate.pdf', certificate)]).stdout.toString();
    expect(links).toMatch(/^\s*1\s+Annotation\s+http:\/\/localhost:\d+\/interface\/esign\/verify$/m);
  });

  it('a PDF sealed by someone else, or not sealed, reveals no order and is not ours', async () => {
    const pki = makeDemoPki('Another issuer', 'pw', clock);
    const blank = await PDFDocument.create();
    blank.addPage();
    const foreign = (
      await sealPades(await blank.save(), {
        p12: pki.p12,
        passphrase: 'pw',
        at: clock,
        reason: 'x',
        name: 'x',
        location: 'CN',
      })
    ).pdf;
    const answer = await check(foreign);
    expect(answer.body.data).toMatchObject({
      verdict: 'unregistered',
      registered: false,
      our_seal: false,
      company_name: null,
      seal: { intact: true, signer: 'Another issuer' },
    });
    const plain = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expect((await check(plain)).body.data).toMatchObject({ verdict: 'unsigned', registered: false, our_seal: false });
  });

  it('refuses what is not a PDF by its content (whatever its name or type), no file, and more than 10 MB', async () => {
    const png = await makePng(20, 20);
    expect((await check(png)).body).toMatchObject({ code: 1, msg: '请选择 PDF 文件' });
    expect((await check(null)).body).toMatchObject({ code: 1, msg: '请选择 PDF 文件' });
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await check(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('PDF 文件不能超过 10 MB');
  });

  it(`answers ${PUBLIC_VERIFY_PER_MINUTE} checks a minute per address, then 429; another address is not held back`, async () => {
    const plain = Buffer.from('%PDF-1.7\n%%EOF\n');
    const statuses = [];
    for (let i = 0; i <= PUBLIC_VERIFY_PER_MINUTE; i += 1)
      statuses.push((await check(plain, { from: '10.9.1.1' })).status);
    expect(statuses.slice(0, PUBLIC_VERIFY_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await check(plain, { from: '10.9.1.2' })).status).toBe(200);
  });

  it("pdfsig lists the document timestamp as the TSA's signature (a type it cannot validate); its dumped token verifies with openssl over the ranges pdfsig prints", async () => {
    tsa.set({ genTime: new Date(Date.UTC(2026, 4, 10, 2, 1, 5)) });
    const { sealed } = await signOne();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pdfsig-'));
    const file = path.join(dir, 'sealed.pdf');
    fs.writeFileSync(file, sealed);
    const report = spawnSync('pdfsig', ['-nocert', file]).stdout.toString();
    const blocks = report.split(/^Signature #\d+:$/m).slice(1);
    // Poppler 22 names the seal's type and validates it; the document timestamp it lists by its signer (the
    // TSA) with "Signature Type: unknown" and leaves unverified, so openssl checks the token pdfsig dumps.
    expect(blocks.find((b) => b.includes('ETSI.CAdES.detached'))).toContain('Signature is Valid');
    const stamp = blocks.find((b) => b.includes('Signer Certificate Common Name: Fake TSA (tests)'));
    expect(stamp).toContain('Signature Type: unknown');
    // -dump writes each signature's DER beside the file: the document timestamp's is an RFC 3161 token.
    spawnSync('pdfsig', ['-dump', file], { cwd: dir });
    const index = blocks.indexOf(stamp!);
    const token = path.join(dir, `sealed.pdf.sig${index}`);
    expect(fs.existsSync(token)).toBe(true);
    const text = spawnSync('openssl', ['ts', '-reply', '-in', token, '-token_in', '-text']).stdout.toString();
    expect(text).toContain('Time stamp: May 10 02:01:05 2026 GMT');
    const ranges = [...(/Signed Ranges: \[(\d+) - (\d+)\], \[(\d+) - (\d+)\]/.exec(stamp!) ?? [])].slice(1).map(Number);
    expect(ranges).toHaveLength(4);
    const [a, b, c, d] = ranges as [number, number, number, number];
    const data = tmpFile('covered.bin', Buffer.concat([sealed.subarray(a, b), sealed.subarray(c, d)]));
    const ca = tmpFile('tsa.pem', Buffer.from(tsa.certificatePem));
    const verified = spawnSync('openssl', ['ts', '-verify', '-data', data, '-in', token, '-token_in', '-CAfile', ca]);
    expect(verified.stdout.toString() + verified.stderr.toString()).toContain('Verification: OK');
  });
});

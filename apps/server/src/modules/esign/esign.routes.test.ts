import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EsignEvidence, EsignVerify } from '@crm/domain/api/esign';
import { ESIGN_EVENT_TYPES, esignTemplates } from '../../db/schema/esign.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { makePng } from '../../test/factories-money.ts';
import { postJson } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

let clock = new Date('2026-05-10T02:00:00Z');
const test = testAppForFile({ now: () => clock });

const post = <T = unknown>(url: string, payload: object, headers: Record<string, string> = {}) =>
  postJson<T>(test.app, url, payload, headers);

async function world() {
  const corp = await createCompany(test.db, '测试居间公司');
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id, name: '王业务' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  await test.db.insert(esignTemplates).values([
    {
      corpId: corp.id,
      kind: 'application',
      title: '借款申请书',
      body: ['本人{{client_name}}（身份证号 {{id_number}}）申请借款 {{amount}}，期限 {{term_months}} 个月。'],
    },
    {
      corpId: corp.id,
      kind: 'service',
      title: '居间服务协议',
      body: ['{{company_name}}为{{client_name}}提供居间服务。', '经办人：{{agent_name}}'],
    },
  ]);
  const theCase = await createCase(test.db, owner, { name: '李四', phone: '13800138000' });
  return { corp, team, owner, leader, colleague, theCase, cookie: await staffCookie(test, owner) };
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('t') ?? '';

/** The client's whole round: open the link, code, ID number, every page; answers the signer cookie. */
async function identify(token: string, idNumber: string) {
  await post('/api/esign/signer/start', { token });
  const sent = await post('/api/esign/signer/code', { token });
  expect(sent.body.code).toBe(0);
  const code = test.sms.lastCodeFor('13800138000') ?? '';
  const login = await post('/api/esign/signer/login', { token, code, id_number: idNumber });
  expect(login.body).toMatchObject({ code: 0 });
  const cookie = login.response.cookies.find((c) => c.name === 'esign_signer');
  return `esign_signer=${cookie?.value ?? ''}`;
}

const signature = () => makePng(240, 80).then((png) => `data:image/png;base64,${png.toString('base64')}`);

/** A world whose case's client has been sent one order; answers its id and the token of its link. */
async function sentOrder() {
  const w = await world();
  const added = await post<{ id: number; link: string }>(
    '/api/esign/add',
    { user_id: w.theCase.id },
    { cookie: w.cookie },
  );
  expect(added.body.code).toBe(0);
  return { ...w, orderId: added.body.data.id, token: tokenOf(added.body.data.link) };
}

async function signedOrder() {
  const { orderId, token, ...w } = await sentOrder();
  clock = new Date(clock.getTime() + 61_000);
  const signer = await identify(token, w.theCase.idNumber);
  for (const page of [1, 2]) await post('/api/esign/signer/page', { page }, { cookie: signer });
  const signed = await post<{ sealed_sha256: string }>(
    '/api/esign/signer/sign',
    { signature: await signature(), consent: true },
    { cookie: signer },
  );
  expect(signed.body).toMatchObject({ code: 0, msg: '签署完成' });
  const sealed = await test.app.inject({
    method: 'POST',
    url: '/api/esign/download',
    payload: { id: orderId, file: 'sealed' },
    headers: { cookie: w.cookie },
  });
  expect(sealed.headers['content-type']).toBe('application/pdf');
  return { ...w, id: orderId, signer, pdf: sealed.rawPayload, sealedSha256: signed.body.data.sealed_sha256 };
}

describe('electronic signing', () => {
  it('generates the case documents, and a salesperson, the client and the seal make a sealed PDF a PDF reader accepts', async () => {
    const s = await signedOrder();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esign-')), 'sealed.pdf');
    fs.writeFileSync(file, s.pdf);
    const report = execFileSync('pdfsig', [file]).toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    // The subsetted CJK font is one a reader accepts (fontkit 1's subset drew every character as a box and
    // poppler said "Embedded font file may be invalid").
    const extracted = spawnSync('pdftotext', [file, '-']);
    expect(extracted.stderr.toString()).toBe('');
    const text = extracted.stdout.toString();
    expect(text).toContain('李四');
    expect(text).toContain('借款申请书');

    const evidence = await post<EsignEvidence>('/api/esign/evidence', { id: s.id }, { cookie: s.cookie });
    expect(evidence.body.data.chain).toMatchObject({ intact: true, broken_at: null });
    // The lifecycle in its declared order up to the first page view, the page viewed again, then signed on.
    const lifecycle = ESIGN_EVENT_TYPES.slice(0, ESIGN_EVENT_TYPES.indexOf('page_viewed') + 1);
    expect(evidence.body.data.events.map((e) => e.type)).toEqual([
      ...lifecycle,
      'page_viewed',
      'signed',
      'sealed',
      'downloaded',
    ]);
    expect(evidence.body.data.events[7]).toMatchObject({ actor: 'signer', user_agent: 'Mozilla/5.0 (iPhone) test' });
    expect(evidence.body.data.events[0]?.at).toMatch(/\+08:00$/);
    expect(evidence.body.data.events[0]?.prev_hash).toBe(evidence.body.data.original_sha256);

    const certificate = await test.app.inject({
      method: 'POST',
      url: '/api/esign/download',
      payload: { id: s.id, file: 'certificate' },
      headers: { cookie: s.cookie },
    });
    expect(certificate.headers['content-type']).toBe('application/pdf');
    fs.writeFileSync(file, certificate.rawPayload);
    // The certificate wraps the long hashes over two lines.
    expect(execFileSync('pdftotext', [file, '-']).toString().replace(/\s/g, '')).toContain(s.sealedSha256);
  });

  it('verify: the sealed PDF matches its order with an intact chain; one changed byte does not', async () => {
    const s = await signedOrder();
    const ok = await post<EsignVerify>('/api/esign/verify', { pdf: s.pdf.toString('base64') }, { cookie: s.cookie });
    expect(ok.body.data).toMatchObject({
      matches_order: true,
      order_id: s.id,
      seal: { sealed: true, intact: true },
      chain: { intact: true },
    });
    const tampered = Buffer.from(s.pdf);
    const at = Math.floor(tampered.length / 3);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const bad = await post<EsignVerify>(
      '/api/esign/verify',
      { pdf: tampered.toString('base64') },
      { cookie: s.cookie },
    );
    expect(bad.body.data).toMatchObject({ matches_order: false, order_id: null, seal: { intact: false } });
    const notPdf = await post(
      '/api/esign/verify',
      { pdf: Buffer.from('hello world').toString('base64') },
      { cookie: s.cookie },
    );
    expect(notPdf.body).toMatchObject({ code: 1, msg: '请选择 PDF 文件' });
  });

  it('verify: an event edited behind the application breaks the chain from that event on', async () => {
    const s = await signedOrder();
    // Only someone at the database could: the table refuses updates until its trigger is switched off.
    await expect(
      test.db.execute(sql`update esign_events set ip = '6.6.6.6' where order_id = ${s.id} and seq = 8`),
    ).rejects.toThrow();
    await test.db.execute(sql`alter table esign_events disable trigger esign_events_append_only`);
    await test.db.execute(sql`update esign_events set ip = '6.6.6.6' where order_id = ${s.id} and seq = 8`);
    await test.db.execute(sql`alter table esign_events enable trigger esign_events_append_only`);
    const verify = await post<EsignVerify>(
      '/api/esign/verify',
      { pdf: s.pdf.toString('base64') },
      { cookie: s.cookie },
    );
    expect(verify.body.data).toMatchObject({ matches_order: true, chain: { intact: false, broken_at: 8 } });
  });

  it('verify: removing the last event is caught too', async () => {
    const s = await signedOrder();
    await test.db.execute(sql`alter table esign_events disable trigger esign_events_append_only`);
    await test.db.execute(
      sql`delete from esign_events where order_id = ${s.id} and seq = (select max(seq) from esign_events where order_id = ${s.id})`,
    );
    await test.db.execute(sql`alter table esign_events enable trigger esign_events_append_only`);
    const verify = await post<EsignVerify>(
      '/api/esign/verify',
      { pdf: s.pdf.toString('base64') },
      { cookie: s.cookie },
    );
    expect(verify.body.data.chain).toMatchObject({ intact: false });
  });

  it('a spent code cannot open a second signing session, an expired one none, and a wrong ID number is refused', async () => {
    const { token, ...w } = await sentOrder();
    clock = new Date(clock.getTime() + 61_000);
    await post('/api/esign/signer/code', { token });
    const code = test.sms.lastCodeFor('13800138000') ?? '';
    const wrongId = await post('/api/esign/signer/login', { token, code, id_number: '110101199001011237' });
    expect(wrongId.body).toMatchObject({ code: 1, msg: '身份证号与签署人信息不一致' });
    const first = await post('/api/esign/signer/login', { token, code, id_number: w.theCase.idNumber });
    expect(first.body.code).toBe(0);
    const again = await post('/api/esign/signer/login', { token, code, id_number: w.theCase.idNumber });
    expect(again.body.code).not.toBe(0);
    expect(again.response.cookies.find((c) => c.name === 'esign_signer')).toBeUndefined();

    clock = new Date(clock.getTime() + 61_000);
    await post('/api/esign/signer/code', { token });
    const late = test.sms.lastCodeFor('13800138000') ?? '';
    clock = new Date(clock.getTime() + 6 * 60_000);
    const expired = await post('/api/esign/signer/login', { token, code: late, id_number: w.theCase.idNumber });
    expect(expired.body.code).not.toBe(0);
  });

  it('cannot sign without a signing session, before reading every page, or twice', async () => {
    const { token, ...w } = await sentOrder();
    clock = new Date(clock.getTime() + 61_000);
    const none = await post('/api/esign/signer/sign', { signature: await signature(), consent: true });
    expect(none.body).toMatchObject({ code: 1, msg: '请先完成短信验证码与身份证号验证' });
    const signer = await identify(token, w.theCase.idNumber);
    await post('/api/esign/signer/page', { page: 1 }, { cookie: signer });
    const unread = await post(
      '/api/esign/signer/sign',
      { signature: await signature(), consent: true },
      { cookie: signer },
    );
    expect(unread.body).toMatchObject({ code: 1, msg: '请先阅读全部页面后再签署' });
    await post('/api/esign/signer/page', { page: 2 }, { cookie: signer });
    const noConsent = await post(
      '/api/esign/signer/sign',
      { signature: await signature(), consent: false },
      { cookie: signer },
    );
    expect(noConsent.body.code).not.toBe(0);
    const [one, two] = await Promise.all([
      post('/api/esign/signer/sign', { signature: await signature(), consent: true }, { cookie: signer }),
      post('/api/esign/signer/sign', { signature: await signature(), consent: true }, { cookie: signer }),
    ]);
    expect([one.body.code, two.body.code].sort()).toEqual([0, 1]);
    const evidence = await post<EsignEvidence>('/api/esign/evidence', { id: w.orderId }, { cookie: w.cookie });
    expect(evidence.body.data.events.filter((e) => e.type === 'sealed')).toHaveLength(1);
  });

  it("another company's order cannot be opened; a colleague's is forbidden, the team leader's view allowed", async () => {
    const w = await sentOrder();
    const other = await createCompany(test.db);
    const stranger = await staffCookie(test, await createStaff(test.db, other.id, { isLeader: true }));
    for (const url of ['/api/esign/order', '/api/esign/evidence', '/api/esign/cancel', '/api/esign/resend']) {
      const response = await post(url, { id: w.orderId }, { cookie: stranger });
      expect(response.status, url).toBe(404);
    }
    const strangerAdd = await post('/api/esign/add', { user_id: w.theCase.id }, { cookie: stranger });
    expect(strangerAdd.status).toBe(404);
    const colleague = await post(
      '/api/esign/order',
      { id: w.orderId },
      { cookie: await staffCookie(test, w.colleague) },
    );
    expect(colleague.status).toBe(403);
    const leader = await post('/api/esign/order', { id: w.orderId }, { cookie: await staffCookie(test, w.leader) });
    expect(leader.body.code).toBe(0);
    const list = await post<{ list: { id: number }[] }>('/api/esign/list', {}, { cookie: stranger });
    expect(list.body.data.list).toEqual([]);
  });

  it('lists, resends (the old link stops working) and cancels an unsigned order', async () => {
    const w = await sentOrder();
    const list = await post<{ list: { id: number; status: string }[] }>('/api/esign/list', {}, { cookie: w.cookie });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: w.orderId, status: 'sent' })]);
    const resent = await post<{ link: string }>('/api/esign/resend', { id: w.orderId }, { cookie: w.cookie });
    expect(resent.body.code).toBe(0);
    const old = await post('/api/esign/signer/start', { token: w.token });
    expect(old.body).toMatchObject({ code: 1, msg: '签署链接无效或已过期，请联系业务员重新发送' });
    const fresh = await post<{ signer_name: string; phone: string }>('/api/esign/signer/start', {
      token: tokenOf(resent.body.data.link),
    });
    expect(fresh.body.data).toMatchObject({ signer_name: '李*', phone: '138****8000' });
    const cancelled = await post('/api/esign/cancel', { id: w.orderId }, { cookie: w.cookie });
    expect(cancelled.body.code).toBe(0);
    const afterCancel = await post('/api/esign/signer/start', { token: tokenOf(resent.body.data.link) });
    expect(afterCancel.body.code).toBe(1);
    const twice = await post('/api/esign/cancel', { id: w.orderId }, { cookie: w.cookie });
    expect(twice.body).toMatchObject({ code: 1, msg: '该签署单已撤销' });
  });

  it('keeps one open order per case: a second add answers the open one, a cancel lets a new one be made', async () => {
    const w = await sentOrder();
    const again = await post<{ id: number; link: string | null }>(
      '/api/esign/add',
      { user_id: w.theCase.id },
      { cookie: w.cookie },
    );
    expect(again.body).toEqual({
      code: 0,
      msg: '该报单已有待签署的签署单，原签署链接仍然有效；需要新链接请在详情中重新发送',
      data: { id: w.orderId, link: null },
    });
    // The first link still works: the second add changed nothing.
    expect((await post('/api/esign/signer/start', { token: w.token })).body).toMatchObject({ code: 0 });
    const list = await post<{ list: { id: number }[] }>('/api/esign/list', {}, { cookie: w.cookie });
    expect(list.body.data.list.map((o) => o.id)).toEqual([w.orderId]);

    await post('/api/esign/cancel', { id: w.orderId }, { cookie: w.cookie });
    const fresh = await post<{ id: number; link: string | null }>(
      '/api/esign/add',
      { user_id: w.theCase.id },
      { cookie: w.cookie },
    );
    expect(fresh.body).toMatchObject({ code: 0, msg: '签署链接已发送' });
    expect(fresh.body.data.id).not.toBe(w.orderId);
    expect(fresh.body.data.link).toContain('/interface/esign?t=');
  });

  it('migration 0021 cancels the extra open orders of a case, keeping the one the signer used, chains intact', async () => {
    const w = await sentOrder();
    // Orders made before the rule: without the index, and with the case's open orders out of the way for a
    // moment (the old add never looked), two more open orders of the same case.
    await test.db.execute(sql`drop index esign_orders_one_open`);
    const setOpen = (status: string) =>
      test.db.execute(sql`update esign_orders set status = ${status} where client_id = ${w.theCase.id}`);
    const more = [];
    for (let i = 0; i < 2; i++) {
      await setOpen('cancelled');
      more.push(
        (await post<{ id: number; link: string }>('/api/esign/add', { user_id: w.theCase.id }, { cookie: w.cookie }))
          .body.data,
      );
    }
    await setOpen('sent');
    // The client opened the first link: that order is the one kept, though it is the oldest.
    await post('/api/esign/signer/start', { token: w.token });
    const migration = fs.readFileSync(path.join(test.config.migrationsFolder, '0021_esign_one_open.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await test.db.execute(sql.raw(statement));

    const orders = await test.db.execute<{ id: number; status: string }>(
      sql`select id, status from esign_orders where client_id = ${w.theCase.id} order by id`,
    );
    expect(orders.rows).toEqual([
      { id: w.orderId, status: 'sent' },
      { id: more[0]?.id, status: 'cancelled' },
      { id: more[1]?.id, status: 'cancelled' },
    ]);
    for (const cancelled of more) {
      expect((await post('/api/esign/signer/start', { token: tokenOf(cancelled?.link ?? '') })).body.code).toBe(1);
      const evidence = await post<EsignEvidence>('/api/esign/evidence', { id: cancelled?.id }, { cookie: w.cookie });
      expect(evidence.body.data.chain.intact).toBe(true);
      expect(evidence.body.data.events.at(-1)).toMatchObject({ type: 'cancelled', actor: 'system' });
    }
    expect((await post('/api/esign/signer/start', { token: w.token })).body.code).toBe(0);
  });

  it('open card: a bank card of 16-19 digits is kept (masked in the answer); another format is refused', async () => {
    const w = await sentOrder();
    const bad = await post(
      '/api/esign/open',
      { id: w.orderId, bank_card: '6222 0212', bank_name: '工商银行' },
      { cookie: w.cookie },
    );
    expect(bad.body).toMatchObject({ code: 1, msg: '银行卡号格式错误' });
    const good = await post(
      '/api/esign/open',
      { id: w.orderId, bank_card: '6222 0212 3456 7890 123', bank_name: '工商银行' },
      { cookie: w.cookie },
    );
    expect(good.body.code).toBe(0);
    const order = await post<{ bank_card: string }>('/api/esign/order', { id: w.orderId }, { cookie: w.cookie });
    expect(order.body.data.bank_card).toBe('**** 0123');
  });

  it('refuses a case without templates or an ID number, and a bad id', async () => {
    const corp = await createCompany(test.db);
    const owner = await createStaff(test.db, corp.id);
    const cookie = await staffCookie(test, owner);
    const theCase = await createCase(test.db, owner);
    const none = await post('/api/esign/add', { user_id: theCase.id }, { cookie });
    expect(none.body).toMatchObject({ code: 1, msg: '本公司尚未配置合同模板，请联系管理员' });
    const badId = await post('/api/esign/order', { id: 'abc' }, { cookie });
    expect(badId.body.code).not.toBe(0);
    expect(badId.status).toBeLessThan(500);
  });
});

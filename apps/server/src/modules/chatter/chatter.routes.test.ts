import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Filing, GetFiling, Integral, Qrcode, SendPoint, WxWorkConfig } from '@crm/domain/api/chatter';
import { DEMO_AGENT_TICKET, DEMO_JSAPI_TICKET, jsSdkSignature } from '../../adapters/wecom/index.ts';
import { pointAccounts, pointEntries } from '../../db/schema/chatter.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { VALID_ID_NUMBER, grantPoints, scriptedIdOcr, wecomWithContacts } from '../../test/factories-chatter.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { postForm } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';

type Body<T> = { code: number; msg: string; data: T };
const AT = new Date('2026-05-04T02:00:00Z');
const wecom = wecomWithContacts([]);
const ocr = scriptedIdOcr();
let seq = 0;
const test = testAppForFile({ now: () => AT, wecom, ocr });
beforeAll(async () => {});

/** A company with a member bound to WeCom who follows a fresh external contact. */
async function world() {
  seq += 1;
  const corp = await createCompany(test.db);
  const me = await createStaff(test.db, corp.id, { name: '王小明', wxworkId: `wang${seq}` });
  const contact = { externalUserid: `wmContact${seq}x`, name: '陈女士', followUserIds: [`wang${seq}`] };
  wecom.contacts.push(contact);
  const cookie = await staffCookie(test, me);
  return { corp, me, contact, cookie, ext: contact.externalUserid };
}

async function call<T>(url: string, fields: Record<string, string | number>, cookie?: string) {
  const response = await postForm(test.app, url, fields, cookie ? { cookie } : {});
  return { status: response.statusCode, body: response.json<Body<T>>() };
}

/** Files the world's contact under its own name, as its salesperson. */
const fileContact = (w: Awaited<ReturnType<typeof world>>) =>
  call<Filing>('/api/chattergee/addFiling', { external_userid: w.ext, name: '陈女士' }, w.cookie);

/** Files, authenticates and opens the wallet of the world's contact. */
async function walletReady(w: Awaited<ReturnType<typeof world>>) {
  const filed = await fileContact(w);
  const id = filed.body.data.id;
  ocr.reads = VALID_ID_NUMBER;
  await postFile(
    test,
    '/api/chattergee/authFiling',
    { id, real_name: '陈静', id_number: VALID_ID_NUMBER },
    await makeJpeg(),
    {
      cookie: w.cookie,
    },
  );
  await call<Filing>('/api/chattergee/openPurse', { id }, w.cookie);
  return id;
}

const key = () => `key-${seq}-${Math.random().toString(36).slice(2, 12)}`;

describe('initWxWorkConfig', () => {
  it('answers both signatures: wx.config over the company ticket, wx.agentConfig over the app ticket', async () => {
    const w = await world();
    const url = 'https://crm.example/chattergee/home?from=sidebar#top';
    const { body } = await call<WxWorkConfig>('/api/chattergee/initWxWorkConfig', { url }, w.cookie);
    expect(body.code).toBe(0);
    const { config, agentConfig } = body.data;
    expect(config.signature).toBe(
      jsSdkSignature({ ticket: DEMO_JSAPI_TICKET, nonceStr: config.nonceStr, timestamp: config.timestamp, url }),
    );
    expect(agentConfig.signature).toBe(
      jsSdkSignature({
        ticket: DEMO_AGENT_TICKET,
        nonceStr: agentConfig.nonceStr,
        timestamp: agentConfig.timestamp,
        url,
      }),
    );
    expect(Number.isInteger(config.timestamp)).toBe(true);
    expect(body.data.demo).toBe(true);
    expect(body.data.demo_contacts).toEqual([
      { external_userid: 'wmDemoChen0001', name: '陈女士' },
      { external_userid: 'wmDemoLiu00002', name: '刘先生' },
    ]);
  });

  it('refuses a URL that is not http(s) and a caller without a session', async () => {
    const w = await world();
    const bad = await call('/api/chattergee/initWxWorkConfig', { url: 'javascript:alert(1)' }, w.cookie);
    expect(bad.body).toMatchObject({ code: 1, msg: '页面地址无效' });
    expect((await call('/api/chattergee/initWxWorkConfig', { url: 'https://crm.example/' })).status).toBe(401);
  });
});

describe('customer files keyed by external_userid, checked against externalcontact/get', () => {
  it('files a followed contact once, and getFiling shows it with the contact name WeCom gives', async () => {
    const w = await world();
    const before = await call<GetFiling>('/api/chattergee/getFiling', { external_userid: w.ext }, w.cookie);
    expect(before.body.data).toEqual({ external_userid: w.ext, contact_name: '陈女士', filing: null });
    const filed = await call<Filing>(
      '/api/chattergee/addFiling',
      { external_userid: w.ext, name: '陈女士', mobile: '13912345678', remark: '咨询房贷' },
      w.cookie,
    );
    expect(filed.body).toMatchObject({
      code: 0,
      msg: '建档成功',
      data: {
        external_userid: w.ext,
        name: '陈女士',
        mobile: '13912345678',
        staff_name: '王小明',
        real_name: null,
        wallet: null,
      },
    });
    const again = await fileContact(w);
    expect(again.body).toMatchObject({ code: 1, msg: '该客户已建档' });
    const after = await call<GetFiling>('/api/chattergee/getFiling', { external_userid: w.ext }, w.cookie);
    expect(after.body.data.filing?.id).toBe(filed.body.data.id);
  });

  it('refuses a member who does not follow the contact (403), an unknown contact (404), an unbound member, bad input', async () => {
    const w = await world();
    const colleague = await createStaff(test.db, w.corp.id, { wxworkId: `other${seq}` });
    const notMine = await call(
      '/api/chattergee/addFiling',
      { external_userid: w.ext, name: '陈女士' },
      await staffCookie(test, colleague),
    );
    expect(notMine).toMatchObject({ status: 403, body: { msg: '你不是该客户的跟进人' } });
    const unknown = await call('/api/chattergee/getFiling', { external_userid: 'wmNobodyAtAll' }, w.cookie);
    expect(unknown).toMatchObject({ status: 404, body: { msg: '该外部联系人不存在' } });
    const unbound = await createStaff(test.db, w.corp.id);
    const noWecom = await call(
      '/api/chattergee/getFiling',
      { external_userid: w.ext },
      await staffCookie(test, unbound),
    );
    expect(noWecom.body).toMatchObject({ code: 1, msg: '请先通过企业微信登录，绑定你的企业微信账号' });
    const badName = await call('/api/chattergee/addFiling', { external_userid: w.ext, name: '' }, w.cookie);
    expect(badName.body).toMatchObject({ code: 1, msg: '请输入客户姓名' });
    const badId = await call('/api/chattergee/addFiling', { external_userid: 'wm/../x', name: '陈' }, w.cookie);
    expect(badId.body).toMatchObject({ code: 1, msg: '外部联系人无效' });
    const partner = await createPartner(test.db, w.me);
    const asPartner = await call(
      '/api/chattergee/getFiling',
      { external_userid: w.ext },
      await sessionCookie(test, { kind: 'partner', corpId: w.corp.id, partnerId: partner.id }),
    );
    expect(asPartner.status).toBe(403);
  });

  it("another company's file is not found, even by a member who follows the contact", async () => {
    const a = await world();
    const id = await walletReady(a);
    const b = await world();
    // B's member follows A's contact too (a customer of both companies).
    a.contact.followUserIds.push(`wang${seq}`);
    for (const url of ['/api/chattergee/openPurse', '/api/chattergee/pointList']) {
      const answer = await call(url, { id }, b.cookie);
      expect(answer).toMatchObject({ status: 404, body: { msg: '客户档案不存在' } });
    }
    const auth = await postFile(
      test,
      '/api/chattergee/authFiling',
      { id, real_name: '陈静', id_number: VALID_ID_NUMBER },
      await makeJpeg(),
      {
        cookie: b.cookie,
      },
    );
    expect(auth.statusCode).toBe(404);
  });
});

describe('real-name auth (auth/{id})', () => {
  it('checks the ID number, reads the card with OCR, and records the auth once', async () => {
    const w = await world();
    const { body } = await fileContact(w);
    const id = body.data.id;
    const auth = (fields: Record<string, string | number>, file: Buffer | null) =>
      postFile(test, '/api/chattergee/authFiling', { id, real_name: '陈静', ...fields }, file, { cookie: w.cookie });
    const photo = await makeJpeg();

    const wrongCheck = await auth({ id_number: '110105194912310021' }, photo);
    expect(wrongCheck.json()).toMatchObject({ code: 1, msg: '身份证号码不正确' });
    const noPhoto = await auth({ id_number: VALID_ID_NUMBER }, null);
    expect(noPhoto.json()).toMatchObject({ code: 1, msg: '请上传身份证人像面照片' });
    ocr.reads = '110105194912310038';
    const mismatch = await auth({ id_number: VALID_ID_NUMBER }, photo);
    expect(mismatch.json()).toMatchObject({ code: 1, msg: '身份证照片上的号码与填写的号码不一致' });

    ocr.reads = VALID_ID_NUMBER;
    const ok = await auth({ id_number: VALID_ID_NUMBER.toLowerCase() }, photo);
    expect(ok.json()).toMatchObject({
      code: 0,
      msg: '实名认证成功',
      data: { real_name: '陈静', id_number_masked: '110105********002X', authed_at: AT.toISOString() },
    });
    expect((await auth({ id_number: VALID_ID_NUMBER }, photo)).json()).toMatchObject({
      code: 1,
      msg: '该客户已完成实名认证',
    });
  });
});

describe('wallet and points', () => {
  it('opens a wallet only after real-name auth, once', async () => {
    const w = await world();
    const { body } = await fileContact(w);
    const early = await call('/api/chattergee/openPurse', { id: body.data.id }, w.cookie);
    expect(early.body).toMatchObject({ code: 1, msg: '请先完成客户实名认证' });
    await postFile(
      test,
      '/api/chattergee/authFiling',
      { id: body.data.id, real_name: '陈静', id_number: VALID_ID_NUMBER },
      await makeJpeg(),
      {
        cookie: w.cookie,
      },
    );
    const opened = await call<Filing>('/api/chattergee/openPurse', { id: body.data.id }, w.cookie);
    expect(opened.body).toMatchObject({ code: 0, msg: '钱包开通成功', data: { wallet: { balance: 0 } } });
    expect(opened.body.data.wallet?.link).toMatch(
      new RegExp(`/chattergee/purse/${body.data.id}\\?w=[A-Za-z0-9_-]{24}$`),
    );
    const twice = await call<Filing>('/api/chattergee/openPurse', { id: body.data.id }, w.cookie);
    expect(twice.body).toMatchObject({ code: 0, msg: '钱包已开通' });
    expect(twice.body.data.wallet?.account_id).toBe(opened.body.data.wallet?.account_id);
  });

  it('sends points from the member to the wallet: both balances move, a retried key moves nothing, the card says it', async () => {
    const w = await world();
    await walletReady(w);
    const broke = await call(
      '/api/chattergee/sendPoint',
      { external_userid: w.ext, amount: 10, reason: '首单奖励', idempotency_key: key() },
      w.cookie,
    );
    expect(broke.body).toMatchObject({ code: 1, msg: '积分余额不足' });

    await grantPoints(test.db, () => AT, w.me, 500, key());
    const k = key();
    const send = { external_userid: w.ext, amount: 120, reason: '首单奖励', idempotency_key: k };
    const first = await call<SendPoint>('/api/chattergee/sendPoint', send, w.cookie);
    expect(first.body).toMatchObject({
      code: 0,
      msg: '积分赠送成功',
      data: { amount: 120, mine: 380, customer: 120, replayed: false },
    });
    expect(first.body.data.card).toMatchObject({
      title: '您收到 120 积分',
      desc: '王小明 赠送：首单奖励。钱包余额 120 积分',
    });
    const retry = await call<SendPoint>('/api/chattergee/sendPoint', send, w.cookie);
    expect(retry.body).toMatchObject({
      code: 0,
      msg: '该次赠送已完成',
      data: { transfer_id: first.body.data.transfer_id, mine: 380, customer: 120, replayed: true },
    });
    const reused = await call('/api/chattergee/sendPoint', { ...send, amount: 5 }, w.cookie);
    expect(reused.body).toMatchObject({ code: 1, msg: '该请求标识已用于其他内容，请刷新页面后重新提交' });
    const over = await call('/api/chattergee/sendPoint', { ...send, amount: 381, idempotency_key: key() }, w.cookie);
    expect(over.body).toMatchObject({ code: 1, msg: '积分余额不足' });

    const integral = await call<Integral>('/api/chattergee/getIntegral', { external_userid: w.ext }, w.cookie);
    expect(integral.body.data).toEqual({ mine: 380, customer: 120 });
    const mineOnly = await call<Integral>('/api/chattergee/getIntegral', {}, w.cookie);
    expect(mineOnly.body.data).toEqual({ mine: 380, customer: null });

    const history = await call<{ list: { amount: number; reason: string; staff_name: string }[] }>(
      '/api/chattergee/pointList',
      {
        id:
          (await call<GetFiling>('/api/chattergee/getFiling', { external_userid: w.ext }, w.cookie)).body.data.filing
            ?.id ?? 0,
      },
      w.cookie,
    );
    expect(history.body.data.list).toEqual([
      expect.objectContaining({ amount: 120, reason: '首单奖励', staff_name: '王小明' }),
    ]);
  });

  it('refuses a send without a reason, a fractional or negative amount, a malformed key, a contact without a wallet', async () => {
    const w = await world();
    const base = { external_userid: w.ext, amount: 10, reason: '奖励', idempotency_key: key() };
    expect((await call('/api/chattergee/sendPoint', { ...base, reason: ' ' }, w.cookie)).body.msg).toBe(
      '请填写赠送原因',
    );
    expect((await call('/api/chattergee/sendPoint', { ...base, amount: 1.5 }, w.cookie)).body.msg).toBe(
      '积分须为 1 到 1000000 的整数',
    );
    expect((await call('/api/chattergee/sendPoint', { ...base, amount: -3 }, w.cookie)).body.msg).toBe(
      '积分须为 1 到 1000000 的整数',
    );
    expect((await call('/api/chattergee/sendPoint', { ...base, idempotency_key: 'x' }, w.cookie)).body.code).toBe(1);
    const unfiled = await call('/api/chattergee/sendPoint', base, w.cookie);
    expect(unfiled).toMatchObject({ status: 404, body: { msg: '客户档案不存在' } });
    await fileContact(w);
    expect((await call('/api/chattergee/sendPoint', base, w.cookie)).body).toMatchObject({
      code: 1,
      msg: '该客户尚未开通钱包',
    });
  });

  it('keeps the ledger double-entry and append-only: every account is the sum of its entries, all entries sum to zero', async () => {
    const w = await world();
    await walletReady(w);
    await grantPoints(test.db, () => AT, w.me, 300, key());
    for (const amount of [10, 20, 30]) {
      await call(
        '/api/chattergee/sendPoint',
        { external_userid: w.ext, amount, reason: '活动', idempotency_key: key() },
        w.cookie,
      );
    }
    const accounts = await test.db.select().from(pointAccounts).where(eq(pointAccounts.corpId, w.corp.id));
    const sums = await test.db
      .select({ accountId: pointEntries.accountId, sum: sql<string>`sum(${pointEntries.amount})` })
      .from(pointEntries)
      .where(eq(pointEntries.corpId, w.corp.id))
      .groupBy(pointEntries.accountId);
    for (const account of accounts) {
      expect(Number(sums.find((s) => s.accountId === account.id)?.sum ?? 0)).toBe(account.balance);
    }
    expect(accounts.reduce((total, a) => total + a.balance, 0)).toBe(0);
    expect(accounts.find((a) => a.kind === 'staff')?.balance).toBe(240);
    await expect(
      test.db.update(pointEntries).set({ amount: 1 }).where(eq(pointEntries.corpId, w.corp.id)),
    ).rejects.toThrow();
    await expect(test.db.delete(pointEntries).where(eq(pointEntries.corpId, w.corp.id))).rejects.toThrow();
  });

  it('sendQrcode answers a real PNG of the wallet link and the card carrying it', async () => {
    const w = await world();
    await walletReady(w);
    const { body } = await call<Qrcode>('/api/chattergee/sendQrcode', { external_userid: w.ext }, w.cookie);
    expect(body.code).toBe(0);
    expect(body.data.card.link).toBe(body.data.link);
    const png = Buffer.from(body.data.png.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    const other = await world();
    const notFollowed = await call('/api/chattergee/sendQrcode', { external_userid: w.ext }, other.cookie);
    expect(notFollowed.status).toBe(403);
  });

  it('userlist pages the caller’s files, newest first, with wallet balances', async () => {
    const w = await world();
    const id = await walletReady(w);
    const list = await call<{
      list: { id: number; authed: boolean; balance: number | null }[];
      next_cursor: number | null;
    }>('/api/chattergee/userlist', { limit: 10 }, w.cookie);
    expect(list.body.data).toEqual({
      list: [expect.objectContaining({ id, authed: true, balance: 0, external_userid: w.ext })],
      next_cursor: null,
    });
    const colleague = await createStaff(test.db, w.corp.id);
    const theirs = await call<{ list: unknown[] }>('/api/chattergee/userlist', {}, await staffCookie(test, colleague));
    expect(theirs.body.data.list).toEqual([]);
  });
});

describe('the WeCom workbench', () => {
  it('a team leader adds items; everyone of the company lists them in order; other companies see none', async () => {
    const w = await world();
    const leader = await createStaff(test.db, w.corp.id, { isLeader: true });
    const leaderCookie = await staffCookie(test, leader);
    const added = await call(
      '/common/wxwork/addWorkList',
      { title: '积分工具', url: '/chattergee/home', sort: 2 },
      leaderCookie,
    );
    expect(added.body).toMatchObject({
      code: 0,
      msg: '添加成功',
      data: { title: '积分工具', url: '/chattergee/home', sort: 2 },
    });
    await call(
      '/common/wxwork/addWorkList',
      { title: '计算器', url: 'https://crm.example/calculator', sort: 1 },
      leaderCookie,
    );
    expect((await call('/common/wxwork/addWorkList', { title: '积分工具', url: '/x' }, leaderCookie)).body.msg).toBe(
      '已有同名的工作台应用',
    );
    expect(
      (await call('/common/wxwork/addWorkList', { title: '坏链接', url: 'javascript:alert(1)' }, leaderCookie)).body
        .code,
    ).toBe(1);
    expect((await call('/common/wxwork/addWorkList', { title: '越权', url: '/x' }, w.cookie)).status).toBe(403);

    const list = await test.app.inject({
      method: 'GET',
      url: '/common/wxwork/workList',
      headers: { cookie: w.cookie },
    });
    expect(list.json<Body<{ list: { title: string }[] }>>().data.list.map((i) => i.title)).toEqual([
      '计算器',
      '积分工具',
    ]);
    const other = await world();
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/common/wxwork/workList',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json<Body<{ list: unknown[] }>>().data.list).toEqual([]);
  });

  it('GET /api/oa/test says whether the WeCom app answers', async () => {
    const w = await world();
    const answer = await test.app.inject({ method: 'GET', url: '/api/oa/test', headers: { cookie: w.cookie } });
    expect(answer.json()).toMatchObject({ code: 0, data: { adapter: 'demo', ok: true, msg: '企业微信连接正常' } });
    expect((await test.app.inject({ method: 'GET', url: '/api/oa/test' })).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moneyRecords } from '../../db/schema/money.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCase, createMoneyWorld, uploadProofImage } from '../../test/factories-money.ts';
import { loginAs, postForBody } from '../../test/http.ts';

const test = testAppForFile();

type Body<T = unknown> = { code: number; msg: string; data: T | null };
type Record_ = {
  id: number;
  amount_fen: number;
  status: string;
  card_last4: string | null;
  images: { id: number }[];
  can_confirm: boolean;
  can_delete: boolean;
  confirmed_by: { id: number } | null;
};
type List = {
  confirmed_fen: number;
  list: Record_[];
  next_cursor: number | null;
  can_add: boolean;
  client: { name: string };
};

const post = <T>(url: string, fields: Record<string, string | number>, cookie: string) =>
  postForBody<Body<T>>(test.app, url, fields, { cookie });
const form = (clientId: number, change: Record<string, string | number> = {}) => ({
  id: clientId,
  amount: '1234.56',
  paid_on: '2026-11-20',
  method: 2,
  note: '第一期',
  key: randomUUID(),
  ...change,
});
const uploadImage = (cookie: string, clientId: number) => uploadProofImage(test, cookie, clientId);
const rowsOf = (clientId: number) => test.db.select().from(moneyRecords).where(eq(moneyRecords.clientId, clientId));

describe('POST /api/crm/addMoney', () => {
  it('records the amount in fen with its method, card tail and images', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const image = await uploadImage(owner, w.theCase.id);
    const { body } = await post<Record_>(
      '/api/crm/addMoney',
      form(w.theCase.id, { card_no: '6222 0212 3456 7894', imgs: String(image) }),
      owner,
    );
    expect(body).toMatchObject({
      code: 0,
      msg: '保存成功',
      data: { amount_fen: 123_456, status: 'pending', card_last4: '7894', can_delete: true, can_confirm: false },
    });
    expect(body.data?.images.map((i) => i.id)).toEqual([image]);
    const [row] = await rowsOf(w.theCase.id);
    expect(row?.amountFen).toBe(123_456);
    expect(Number.isInteger(row?.amountFen)).toBe(true);
  });

  it('records once for a double tap or a retried request with the same key', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const fields = form(w.theCase.id, { imgs: String(await uploadImage(owner, w.theCase.id)) });
    const [a, b] = await Promise.all([
      post<Record_>('/api/crm/addMoney', fields, owner),
      post<Record_>('/api/crm/addMoney', fields, owner),
    ]);
    const retry = await post<Record_>('/api/crm/addMoney', fields, owner);
    expect([a.body.code, b.body.code, retry.body.code]).toEqual([0, 0, 0]);
    expect(new Set([a.body.data?.id, b.body.data?.id, retry.body.data?.id]).size).toBe(1);
    expect(await rowsOf(w.theCase.id)).toHaveLength(1);
    // The same key on another case of the company is not a retry: refused, nothing recorded there.
    const secondCase = await createCase(test.db, w.owner, '第二个客户');
    const reused = await post('/api/crm/addMoney', { ...form(secondCase.id), key: fields.key }, owner);
    expect(reused.body).toEqual({ code: 1, msg: '请求标识已用于其他案件，请刷新页面后重试', data: null });
    expect(await rowsOf(secondCase.id)).toHaveLength(0);
    // Keys are per company: another company's form may carry the same UUID.
    const other = await createMoneyWorld(test.db);
    const elsewhere = await post(
      '/api/crm/addMoney',
      { ...form(other.theCase.id), key: fields.key },
      await loginAs(test, other.owner),
    );
    expect(elsewhere.body.code).toBe(0);
  });

  it.each([
    ['no amount', { amount: '' }, '请输入还款金额'],
    ['an amount with three decimals', { amount: '100.123' }, '金额格式不正确'],
    ['an amount starting with 0', { amount: '0100' }, '金额格式不正确'],
    ['a float in exponent form', { amount: '1e5' }, '金额格式不正确'],
    ['no date', { paid_on: '' }, '请选择还款日期'],
    ['an impossible date', { paid_on: '2026-02-30' }, '还款日期格式错误'],
    ['a method outside spec §9', { method: 9 }, '请选择还款方式'],
    ['a card number failing Luhn', { card_no: '6222021234567890' }, '银行卡号校验不通过，请核对'],
    ['a card number too short', { card_no: '62220212' }, '银行卡号格式错误'],
    ['no idempotency key', { key: '' }, '请求标识无效，请刷新页面后重试'],
  ])('refuses %s', async (_, change, message) => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    expect((await post('/api/crm/addMoney', form(w.theCase.id, change), owner)).body).toMatchObject({
      code: 1,
      msg: message,
      data: null,
    });
    expect(await rowsOf(w.theCase.id)).toHaveLength(0);
  });

  it('refuses a case the caller may not write', async () => {
    const w = await createMoneyWorld(test.db);
    expect((await post('/api/crm/addMoney', form(w.theCase.id), await loginAs(test, w.stranger))).status).toBe(404);
    expect((await post('/api/crm/addMoney', form(w.theCase.id), await loginAs(test, w.colleague))).status).toBe(403);
    expect((await post('/api/crm/addMoney', form(w.theCase.id), await loginAs(test, w.service))).status).toBe(403);
    expect(await rowsOf(w.theCase.id)).toHaveLength(0);
  });
});

describe('POST /api/crm/moneyList', () => {
  it('lists newest first by cursor, with the confirmed total, to those who may read the case', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    for (const amount of ['100', '200', '300']) await post('/api/crm/addMoney', form(w.theCase.id, { amount }), owner);
    const first = await post<List>('/api/crm/moneyList', { id: w.theCase.id, limit: 2 }, owner);
    expect(first.body.data?.list.map((r) => r.amount_fen)).toEqual([30_000, 20_000]);
    expect(first.body.data).toMatchObject({ confirmed_fen: 0, can_add: true, client: { name: '测试客户' } });
    const second = await post<List>(
      '/api/crm/moneyList',
      { id: w.theCase.id, limit: 2, cursor: first.body.data?.next_cursor ?? 0 },
      owner,
    );
    expect(second.body.data).toMatchObject({ list: [{ amount_fen: 10_000 }], next_cursor: null });

    expect((await post('/api/crm/moneyList', { id: w.theCase.id }, await loginAs(test, w.stranger))).status).toBe(404);
    expect((await post('/api/crm/moneyList', { id: w.theCase.id }, await loginAs(test, w.colleague))).status).toBe(403);
    expect(
      (await post<List>('/api/crm/moneyList', { id: w.theCase.id }, await loginAs(test, w.service))).body.data?.can_add,
    ).toBe(false);
    expect((await post('/api/crm/moneyList', { id: 'x' }, owner)).body).toMatchObject({
      code: 1,
      msg: '案件无效',
      data: null,
    });
  });
});

describe('POST /api/crm/moneyConfirm and delMoney', () => {
  it('lets only the team leader confirm, then freezes the record', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const leader = await loginAs(test, w.leader);
    const added = await post<Record_>('/api/crm/addMoney', form(w.theCase.id), owner);
    const id = added.body.data?.id ?? 0;

    expect((await post('/api/crm/moneyConfirm', { id }, owner)).status).toBe(403);
    expect((await post('/api/crm/moneyConfirm', { id }, await loginAs(test, w.service))).status).toBe(403);
    expect((await post('/api/crm/moneyConfirm', { id }, await loginAs(test, w.otherLeader))).status).toBe(403);
    expect((await post('/api/crm/moneyConfirm', { id }, await loginAs(test, w.stranger))).status).toBe(404);

    const listed = await post<List>('/api/crm/moneyList', { id: w.theCase.id }, leader);
    expect(listed.body.data?.list[0]).toMatchObject({ can_confirm: true });
    const confirmed = await post<Record_>('/api/crm/moneyConfirm', { id }, leader);
    expect(confirmed.body).toMatchObject({
      code: 0,
      msg: '已确认',
      data: { status: 'confirmed', confirmed_by: { id: w.leader.id }, can_delete: false },
    });
    expect((await post('/api/crm/moneyConfirm', { id }, leader)).body).toEqual({
      code: 1,
      msg: '该还款已确认，不能修改或删除',
      data: null,
    });
    expect((await post('/api/crm/delMoney', { id }, owner)).body).toEqual({
      code: 1,
      msg: '该还款已确认，不能修改或删除',
      data: null,
    });
    expect((await post('/api/crm/delMoney', { id }, leader)).body.code).toBe(1);
    expect((await post<List>('/api/crm/moneyList', { id: w.theCase.id }, owner)).body.data?.confirmed_fen).toBe(
      123_456,
    );
  });

  it('does not let a leader confirm a repayment they recorded themselves', async () => {
    const w = await createMoneyWorld(test.db);
    const leader = await loginAs(test, w.leader);
    const added = await post<Record_>('/api/crm/addMoney', form(w.theCase.id), leader);
    expect((await post('/api/crm/moneyConfirm', { id: added.body.data?.id ?? 0 }, leader)).body).toEqual({
      code: 1,
      msg: '不能确认自己登记的还款',
      data: null,
    });
  });

  it('deletes a pending record with the images only it used, files included', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const image = await uploadImage(owner, w.theCase.id);
    const root = path.join(test.config.dataDir, 'files');
    const count = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const before = count();
    const added = await post<Record_>('/api/crm/addMoney', form(w.theCase.id, { imgs: String(image) }), owner);
    const id = added.body.data?.id ?? 0;
    expect((await post('/api/crm/delMoney', { id }, await loginAs(test, w.colleague))).status).toBe(403);
    expect((await post('/api/crm/delMoney', { id }, await loginAs(test, w.stranger))).status).toBe(404);
    expect((await post('/api/crm/delMoney', { id }, owner)).body).toEqual({ code: 0, msg: '删除成功', data: null });
    expect(await rowsOf(w.theCase.id)).toHaveLength(0);
    expect(count()).toBe(before - 2);
    expect((await post('/api/crm/delMoney', { id }, owner)).status).toBe(404);
  });
});

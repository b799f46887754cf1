import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, channels, products, sources } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, insertRow } from '../../test/factories.ts';
import { createBankAndProduct } from '../../test/factories-cases.ts';
import { cookieCaller } from '../../test/http.ts';
import { backOfficeCallers, type BackOfficeCallers } from './admin.test-helpers.ts';

type Ref = { id: number; parent_id: number | null; name: string; is_active: boolean };
type Product = { id: number; name: string; min_amount_fen: number; terms_months: number[]; is_active: boolean };
type AuditRow = { action: string; entity: string; entity_id: number; before: unknown; after: unknown };

/** The back office's reference lists (decision 057): banks and branches, channels, sources, cities, products. */
describe('the back office reference lists (/api/admin/refs, /api/admin/products)', () => {
  let test: TestApp;
  let callers: BackOfficeCallers;
  /** Company B's own bank, product, channel and source: another tenant's rows, never to be reached. */
  let theirs: Record<'bank' | 'product' | 'channel' | 'source', { id: number }>;

  const call = cookieCaller(() => test.app);
  const lastAudit = async () =>
    (await call<{ list: AuditRow[] }>(callers.admin, 'GET', '/api/admin/audit')).body.data.list[0];

  beforeAll(async () => {
    test = await buildTestApp();
    const corpA = await createCompany(test.db, 'A公司');
    const corpB = await createCompany(test.db, 'B公司');
    callers = await backOfficeCallers(test, corpA, corpB);
    theirs = {
      ...(await createBankAndProduct(test.db, corpB.id, { name: 'B产品' })),
      channel: await insertRow(test.db, channels, { corpId: corpB.id, name: 'B渠道' }, 'channel'),
      source: await insertRow(test.db, sources, { corpId: corpB.id, name: 'B来源' }, 'source'),
    };
  });
  afterAll(() => test.close());

  it('adds a bank and its branch, lists each level, renames and disables the branch, auditing each step', async () => {
    const bank = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/add', { kind: 'bank', name: '新银行' });
    expect(bank.body).toMatchObject({
      code: 0,
      msg: '已添加',
      data: { name: '新银行', parent_id: null, is_active: true },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'bank.add',
      entity: 'bank',
      before: null,
      after: { name: '新银行' },
    });
    const branch = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'bank',
      parent_id: bank.body.data.id,
      name: '新银行一支行',
    });
    expect(branch.body.data).toMatchObject({ parent_id: bank.body.data.id });

    const top = await call<{ list: Ref[] }>(callers.admin, 'GET', '/api/admin/refs', { kind: 'bank' });
    expect(top.body.data.list.map((row) => row.name)).toEqual(['新银行']);
    const branches = await call<{ list: Ref[] }>(callers.admin, 'GET', '/api/admin/refs', {
      kind: 'bank',
      parent_id: String(bank.body.data.id),
    });
    expect(branches.body.data.list.map((row) => row.name)).toEqual(['新银行一支行']);

    const off = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/update', {
      kind: 'bank',
      id: branch.body.data.id,
      name: '新银行二支行',
      is_active: false,
    });
    expect(off.body).toMatchObject({ code: 0, msg: '已保存', data: { name: '新银行二支行', is_active: false } });
    expect(await lastAudit()).toMatchObject({
      action: 'bank.update',
      entity_id: branch.body.data.id,
      before: { name: '新银行一支行', is_active: true },
      after: { name: '新银行二支行', is_active: false },
    });
    // A disabled branch is no longer offered to the partner's referral form.
    const offered = await test.app.inject({
      method: 'GET',
      url: `/api/crm/outsideBranchBank?bank_id=${bank.body.data.id}`,
      headers: { cookie: callers.partner },
    });
    expect(offered.json()).toMatchObject({ code: 0, data: [] });
  });

  it('keeps the lists two levels deep and pages them newest first on the keyset contract', async () => {
    const channel = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'channel',
      name: '一级渠道',
    });
    const child = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'channel',
      parent_id: channel.body.data.id,
      name: '二级渠道',
    });
    const third = await call(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'channel',
      parent_id: child.body.data.id,
      name: '三级渠道',
    });
    expect(third.body).toMatchObject({ code: 1, msg: '上级不存在' });
    for (const name of ['来源甲', '来源乙', '来源丙'])
      expect((await call(callers.admin, 'POST', '/api/admin/refs/add', { kind: 'source', name })).body.code).toBe(0);
    const first = await call<{ list: Ref[]; next_cursor: number }>(callers.admin, 'GET', '/api/admin/refs', {
      kind: 'source',
      limit: '2',
    });
    expect(first.body.data.list.map((row) => row.name)).toEqual(['来源丙', '来源乙']);
    const second = await call<{ list: Ref[]; next_cursor: number | null }>(callers.admin, 'GET', '/api/admin/refs', {
      kind: 'source',
      limit: '2',
      cursor: String(first.body.data.next_cursor),
    });
    expect(second.body.data).toEqual({ list: [expect.objectContaining({ name: '来源甲' })], next_cursor: null });
  });

  it('refuses bad input with its message and writes nothing', async () => {
    expect((await call(callers.admin, 'POST', '/api/admin/refs/add', { kind: 'bank', name: ' ' })).body).toMatchObject({
      code: 1,
      msg: '请填写名称',
    });
    expect((await call(callers.admin, 'POST', '/api/admin/refs/add', { kind: 'star', name: '某' })).body).toMatchObject(
      {
        msg: '列表类型无效',
      },
    );
    expect(
      (await call(callers.admin, 'POST', '/api/admin/refs/update', { kind: 'source', id: theirs.source.id })).body,
    ).toMatchObject({ msg: '没有需要修改的内容' });
    const product = await call(callers.admin, 'POST', '/api/admin/products/add', {
      name: '坏产品',
      min_amount_fen: 500,
      max_amount_fen: 100,
    });
    expect(product.body).toMatchObject({ code: 1, msg: '最低金额不能高于最高金额' });
    const yuan = await call(callers.admin, 'POST', '/api/admin/products/add', {
      name: '坏产品',
      min_amount_fen: 1.5,
      max_amount_fen: 100,
    });
    expect(yuan.body).toMatchObject({ code: 1, msg: '最低金额须为整数（分）' });
    const list = await call<{ list: Product[] }>(callers.admin, 'GET', '/api/admin/products');
    expect(list.body.data.list.map((row) => row.name)).not.toContain('坏产品');
  });

  it('adds a product of one of its banks with amounts in fen and terms, then edits and disables it', async () => {
    const bank = await call<Ref>(callers.admin, 'POST', '/api/admin/refs/add', { kind: 'bank', name: '产品银行' });
    const added = await call<Product>(callers.admin, 'POST', '/api/admin/products/add', {
      bank_id: bank.body.data.id,
      name: '经营贷',
      min_amount_fen: 10_000_000,
      max_amount_fen: 300_000_000,
      terms_months: [36, 12, 12, 24],
      fee_type: 1,
      rate_ppm: 3500,
    });
    expect(added.body).toMatchObject({
      code: 0,
      data: { name: '经营贷', bank_name: '产品银行', terms_months: [12, 24, 36], fee_type: 1, rate_ppm: 3500 },
    });
    const edited = await call<Product>(callers.admin, 'POST', '/api/admin/products/update', {
      id: added.body.data.id,
      min_amount_fen: 20_000_000,
      is_active: false,
    });
    expect(edited.body).toMatchObject({ code: 0, data: { min_amount_fen: 20_000_000, is_active: false } });
    expect(await lastAudit()).toMatchObject({
      action: 'product.update',
      before: { min_amount_fen: 10_000_000, is_active: true },
      after: { min_amount_fen: 20_000_000, is_active: false },
    });
    // The stored maximum still bounds a new minimum.
    const over = await call(callers.admin, 'POST', '/api/admin/products/update', {
      id: added.body.data.id,
      min_amount_fen: 400_000_000,
    });
    expect(over.body).toMatchObject({ code: 1, msg: '最低金额不能高于最高金额' });
    const [stored] = await test.db.select().from(products).where(eqId(products.id, added.body.data.id));
    expect(stored?.minAmountFen).toBe(20_000_000);
  });

  it('keeps a product’s admission rules and fees (decision 068), audited, and refuses bad ones in words', async () => {
    const rules = { age_min: 22, age_max: 55, social_security_months_min: 12, city_ids: [310100], purposes: [1, 2] };
    const fees = [{ kind: 'guarantee', mode: 'once', rate_ppm: 20_000, payee: '担保公司' }];
    const added = await call<Product & { rules: Record<string, unknown>; fees: unknown[] }>(
      callers.admin,
      'POST',
      '/api/admin/products/add',
      { name: '准入产品', min_amount_fen: 0, max_amount_fen: 1, rules, fees },
    );
    expect(added.body.code).toBe(0);
    expect(added.body.data.rules).toMatchObject({ ...rules, queries_3m_max: null, employer_types: [] });
    expect(added.body.data.fees).toEqual(fees);
    const edited = await call<Product & { rules: Record<string, unknown> }>(
      callers.admin,
      'POST',
      '/api/admin/products/update',
      { id: added.body.data.id, rules: { queries_3m_max: 4 } },
    );
    // Rules are replaced as a whole: the form sends them all.
    expect(edited.body.data.rules).toMatchObject({ queries_3m_max: 4, age_min: null });
    expect(await lastAudit()).toMatchObject({
      action: 'product.update',
      before: { rules: { age_min: 22 } },
      after: { rules: { queries_3m_max: 4 } },
    });
    const upsideDown = await call(callers.admin, 'POST', '/api/admin/products/update', {
      id: added.body.data.id,
      rules: { age_min: 50, age_max: 30 },
    });
    expect(upsideDown.body).toMatchObject({ msg: expect.stringContaining('最低年龄不能高于最高年龄') });
    const badFee = await call(callers.admin, 'POST', '/api/admin/products/update', {
      id: added.body.data.id,
      fees: [{ kind: 'service', mode: 'yearly', rate_ppm: 1, payee: '本公司' }],
    });
    expect(badFee.body).toMatchObject({ msg: expect.stringContaining('收取方式无效') });
  });

  it("answers 404 for another company's bank, channel, source and product, and lists none of them", async () => {
    for (const [kind, id] of [
      ['bank', theirs.bank.id],
      ['channel', theirs.channel.id],
      ['source', theirs.source.id],
    ] as const) {
      const answer = await call(callers.admin, 'POST', '/api/admin/refs/update', { kind, id, name: '偷改' });
      expect(answer.status, kind).toBe(404);
      const list = await call<{ list: Ref[] }>(callers.admin, 'GET', '/api/admin/refs', { kind });
      expect(list.body.data.list.map((row) => row.id)).not.toContain(id);
    }
    const branch = await call(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'bank',
      parent_id: theirs.bank.id,
      name: '偷挂',
    });
    expect(branch.body).toMatchObject({ code: 1, msg: '上级不存在' });
    expect(
      (await call(callers.admin, 'POST', '/api/admin/products/update', { id: theirs.product.id, name: '偷改' })).status,
    ).toBe(404);
    const foreignBank = await call(callers.admin, 'POST', '/api/admin/products/add', {
      bank_id: theirs.bank.id,
      name: '挂到别家',
      min_amount_fen: 0,
      max_amount_fen: 1,
    });
    expect(foreignBank.body).toMatchObject({ code: 1, msg: '银行不存在' });
    const [untouched] = await test.db.select().from(banks).where(eqId(banks.id, theirs.bank.id));
    expect(untouched?.name).toBe('测试银行');
  });

  it('lets every company admin read the cities and only the platform admin add or rename one', async () => {
    const refused = await call(callers.admin, 'POST', '/api/admin/refs/add', {
      kind: 'city',
      name: '某市',
      code: 440100,
    });
    expect(refused.status).toBe(403);
    const province = await call<Ref>(callers.platform, 'POST', '/api/admin/refs/add', {
      kind: 'city',
      name: '广东省',
      code: 440000,
    });
    expect(province.body).toMatchObject({ code: 0, data: { id: 440000, parent_id: null } });
    const city = await call<Ref>(callers.platform, 'POST', '/api/admin/refs/add', {
      kind: 'city',
      name: '广州市',
      code: 440100,
      parent_id: 440000,
    });
    expect(city.body.data).toMatchObject({ id: 440100, parent_id: 440000 });
    const twice = await call(callers.platform, 'POST', '/api/admin/refs/add', {
      kind: 'city',
      name: '又一个',
      code: 440100,
    });
    expect(twice.body).toMatchObject({ code: 1, msg: '该城市代码已存在' });
    const noCode = await call(callers.platform, 'POST', '/api/admin/refs/add', { kind: 'city', name: '无代码' });
    expect(noCode.body).toMatchObject({ code: 1, msg: '请填写城市代码' });
    const renamed = await call(callers.platform, 'POST', '/api/admin/refs/update', {
      kind: 'city',
      id: 440100,
      name: '广州',
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { name: '广州' } });
    const cities = await call<{ list: Ref[] }>(callers.admin, 'GET', '/api/admin/refs', {
      kind: 'city',
      parent_id: '440000',
    });
    expect(cities.body.data.list).toEqual([{ id: 440100, parent_id: 440000, name: '广州', is_active: true }]);
  });

  it.each([
    ['GET', '/api/admin/refs', { kind: 'bank' }],
    ['POST', '/api/admin/refs/add', { kind: 'bank', name: '某' }],
    ['POST', '/api/admin/refs/update', { kind: 'source', id: 1, name: '某' }],
    ['GET', '/api/admin/products', undefined],
    ['POST', '/api/admin/products/add', { name: '某', min_amount_fen: 0, max_amount_fen: 1 }],
    ['POST', '/api/admin/products/update', { id: 1, name: '某' }],
  ] as const)(
    'refuses %s %s to a staff member without the grant, another principal and no session',
    async (method, url, payload) => {
      const refused = await call(callers.plain, method, url, payload);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('仅公司管理员可使用后台管理');
      expect((await call(callers.partner, method, url, payload)).status).toBe(403);
      expect((await call('', method, url, payload)).status).toBe(401);
    },
  );
});

function eqId(column: typeof banks.id | typeof products.id, id: number) {
  return sql`${column} = ${id}`;
}

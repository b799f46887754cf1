import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { caseForm, createBankAndProduct, createCase, uniqueIdNumber } from '../../test/factories-cases.ts';
import { createSignTask } from '../../test/factories-house.ts';
import { getForBody, loginAs, postForBody } from '../../test/http.ts';

const NOW = new Date('2026-11-21T08:00:00Z');
type Body<T = unknown> = { code: number; msg: string; data: T };
type Person = { id: number; corpId: number; teamId: number | null; phone: string; cookie: string };

let test: TestApp;
const people = {} as Record<
  'owner' | 'colleague' | 'leader' | 'signer' | 'service' | 'otherLeader' | 'stranger',
  Person
>;
let corpA = 0;
let corpB = 0;

beforeAll(async () => {
  test = await buildTestApp({ now: () => NOW });
  const a = await createCompany(test.db);
  const b = await createCompany(test.db);
  corpA = a.id;
  corpB = b.id;
  const sales = await createTeam(test.db, a.id);
  const signing = await createTeam(test.db, a.id);
  const otherSales = await createTeam(test.db, a.id);
  const teamB = await createTeam(test.db, b.id);
  const make = async (corpId: number, overrides: Parameters<typeof createStaff>[2]) => {
    const row = await createStaff(test.db, corpId, overrides);
    return { id: row.id, corpId, teamId: row.teamId, phone: row.phone, cookie: await loginAs(test, row) };
  };
  people.owner = await make(a.id, { teamId: sales.id, name: '业务甲' });
  people.colleague = await make(a.id, { teamId: sales.id, name: '业务乙' });
  people.leader = await make(a.id, { teamId: sales.id, isLeader: true, name: '组长' });
  people.signer = await make(a.id, { teamId: signing.id, jobs: [2], name: '签约员' });
  people.service = await make(a.id, { teamId: sales.id, jobs: [3], name: '客服' });
  people.otherLeader = await make(a.id, { teamId: otherSales.id, isLeader: true, name: '别组组长' });
  // Another company's leader with every job: still sees nothing of company A.
  people.stranger = await make(b.id, { teamId: teamB.id, isLeader: true, jobs: [2, 3, 4, 5], name: '别司' });
});
afterAll(() => test.close());

const post = <T = unknown>(who: Person | null, url: string, fields: Record<string, string | number> = {}) =>
  postForBody<Body<T>>(test.app, url, fields, who ? { cookie: who.cookie } : {});
const get = <T = unknown>(who: Person | null, url: string) =>
  getForBody<Body<T>>(test.app, url, {}, { cookie: who?.cookie });
const ownerCase = (overrides: Parameters<typeof createCase>[2] = {}) => createCase(test.db, people.owner, overrides);
/** A case whose signing the signer did: a signer reads and moves only such cases (decision 065). */
const signersCase = async (overrides: Parameters<typeof createCase>[2] = {}) => {
  const c = await ownerCase(overrides);
  await createSignTask(
    test.db,
    people.signer.corpId,
    { clientId: c.id },
    { status: 'signed', signerId: people.signer.id },
  );
  return c;
};
type Detail = {
  status: number;
  events: { kind: string; from_status: number | null; to_status: number | null; reason: string }[];
  moves: { to: number }[];
  can_delete: boolean;
  can_appeal: boolean;
  owner_id: number;
};

describe('reference data', () => {
  it("serves the company's own banks, products, channels, sources, signers and the statuses", async () => {
    const { bank, product } = await createBankAndProduct(test.db, corpA);
    await createBankAndProduct(test.db, corpB);
    const banks = await post<{ id: number }[]>(people.owner, '/api/crm/bank');
    expect(banks.body.data?.map((row) => row.id)).toEqual([bank.id]);
    const products = await post<{ id: number; terms: number[] }[]>(people.owner, '/api/crm/product', {
      bank_id: bank.id,
    });
    expect(products.body.data).toEqual([
      expect.objectContaining({ id: product.id, terms: [12, 24, 36], max_amount_fen: 20_000_000 }),
    ]);
    expect((await post(people.owner, '/api/crm/channel')).body.code).toBe(0);
    expect((await post(people.owner, '/api/crm/source')).body.code).toBe(0);
    expect((await get(people.owner, '/api/crm/city')).body.code).toBe(0);
    const tree = await get<{ id: number; children: unknown[] }[]>(people.owner, '/common/bankTree');
    expect(tree.body.data?.map((row) => row.id)).toEqual([bank.id]);
    expect((await get(people.owner, '/common/channelTree')).body.code).toBe(0);
    const signers = await get<{ id: number }[]>(people.owner, '/common/signUser');
    expect(signers.body.data?.map((row) => row.id)).toEqual([people.signer.id]);
    const statuses = await get<{ value: number; label: string }[]>(people.owner, '/common/status');
    expect(statuses.body.data).toHaveLength(9);
    expect(statuses.body.data?.[7]).toEqual({ value: 8, label: '已放款' });
  });

  it.each([
    ['POST', '/api/crm/bank'],
    ['GET', '/common/signUser'],
    ['POST', '/api/crm/clientList'],
    ['GET', '/api/crm/detail?id=1'],
  ])('refuses %s %s without a session (401)', async (method, url) => {
    const response = method === 'GET' ? await get(null, url) : await post(null, url);
    expect(response.status).toBe(401);
  });
});

describe('POST /api/crm/addClient', () => {
  it('takes in a case: fen amounts, birth date and sex from the ID number, the intake event', async () => {
    const { bank, product } = await createBankAndProduct(test.db, corpA);
    const response = await post<{ id: number }>(
      people.owner,
      '/api/crm/addClient',
      caseForm({
        id_number: '11010519491231002X',
        amount: '80000.5',
        bank_id: String(bank.id),
        product_id: String(product.id),
        income: '12000',
        marital: '1',
      }),
    );
    expect(response.body).toMatchObject({ code: 0, msg: '报单已提交' });
    const detail = await get<Detail & Record<string, unknown>>(
      people.owner,
      `/api/crm/detail?id=${response.body.data?.id}`,
    );
    expect(detail.body.data).toMatchObject({
      amount_fen: 8_000_050,
      income_fen: 1_200_000,
      birth_date: '1949-12-31',
      sex: 2,
      status: 1,
      bank_name: '测试银行',
      product_name: '测试产品',
      can_delete: true,
    });
    expect(detail.body.data?.events).toEqual([
      expect.objectContaining({ kind: 'created', from_status: null, to_status: 1 }),
    ]);
  });

  it.each([
    [{ amount: '0500' }, '金额格式不正确'],
    [{ amount: '100000000' }, '金额不能超过 99,999,999.99 元'],
    [{ phone: '1391234567' }, '手机号码格式错误'],
    [{ id_number: '110105194912310029' }, '身份证号码校验失败，请核对'],
    [{ bank_card: '1234' }, '银行卡号格式错误'],
    [{ name: '' }, '客户姓名必填'],
  ])('refuses %j with the field message', async (override, message) => {
    const response = await post(people.owner, '/api/crm/addClient', caseForm(override));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 1, msg: message, data: null });
  });

  it('refuses an ID number with an open case in the company, naming who holds it; another company may take it', async () => {
    const idNumber = uniqueIdNumber();
    await createCase(test.db, people.colleague, { idNumber });
    const response = await post(people.owner, '/api/crm/addClient', caseForm({ id_number: idNumber }));
    // Decision 066: the holder masked, with the day the hold lapses, as the duplicate check says it.
    expect(response.body).toMatchObject({ code: 1 });
    expect(response.body.msg).toMatch(/^该客户已由 业\*\* 跟进（保护至\d+月\d+日）$/);
    expect((await post(people.stranger, '/api/crm/addClient', caseForm({ id_number: idNumber }))).body.code).toBe(0);
  });

  it('takes the ID number again once the earlier case is closed', async () => {
    const idNumber = uniqueIdNumber();
    await createCase(test.db, people.colleague, { idNumber, status: 8 });
    expect((await post(people.owner, '/api/crm/addClient', caseForm({ id_number: idNumber }))).body.code).toBe(0);
  });

  it("refuses another company's product and an amount or term the product does not allow", async () => {
    const { product: theirs } = await createBankAndProduct(test.db, corpB);
    expect(
      (await post(people.owner, '/api/crm/addClient', caseForm({ product_id: String(theirs.id) }))).body,
    ).toMatchObject({ code: 1, msg: '产品不存在', field: 'product_id' });
    const { product } = await createBankAndProduct(test.db, corpA);
    expect(
      (await post(people.owner, '/api/crm/addClient', caseForm({ product_id: String(product.id), amount: '300000' })))
        .body,
    ).toMatchObject({ code: 1, msg: '该产品的贷款金额为 ¥10,000.00–¥200,000.00', field: 'amount' });
    expect(
      (await post(people.owner, '/api/crm/addClient', caseForm({ product_id: String(product.id), term: '60' }))).body,
    ).toMatchObject({ code: 1, msg: '该产品不支持所选期限', field: 'term' });
  });

  it('names the field a schema refusal is about, so the form shows it there', async () => {
    const body = (await post(people.owner, '/api/crm/addClient', caseForm({ phone: '1234' }))).body;
    expect(body).toMatchObject({ code: 1, field: 'phone' });
  });
});

describe('POST /api/crm/clientList', () => {
  it("lists only the caller's cases, newest first, phones masked, a keyset page at a time", async () => {
    const corp = await createCompany(test.db);
    const me = await createStaff(test.db, corp.id);
    const other = await createStaff(test.db, corp.id);
    const cookie = await loginAs(test, me);
    const mine = { id: me.id, corpId: corp.id, teamId: null, phone: me.phone, cookie };
    const ids: number[] = [];
    for (const name of ['甲一', '乙二', '丙三'])
      ids.push((await createCase(test.db, mine, { name, phone: `1391234${1000 + ids.length}` })).id);
    await createCase(test.db, { id: other.id, corpId: corp.id, teamId: null });
    type ListPage = { list: { id: number; phone: string }[]; next_cursor: number | null };
    const first = await post<ListPage>(mine, '/api/crm/clientList', { limit: 2 });
    expect(first.body.data?.list.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data?.list[0]?.phone).toBe('139****1002');
    const second = await post<ListPage>(mine, '/api/crm/clientList', {
      limit: 2,
      cursor: first.body.data?.next_cursor ?? 0,
    });
    expect(second.body.data).toEqual({ list: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect(
      (await post<ListPage>(mine, '/api/crm/clientList', { keyword: '乙' })).body.data?.list.map((row) => row.id),
    ).toEqual([ids[1]]);
    expect(
      (await post<ListPage>(mine, '/api/crm/clientList', { keyword: '1000' })).body.data?.list.map((row) => row.id),
    ).toEqual([ids[0]]);
    expect((await post<ListPage>(mine, '/api/crm/clientList', { status: 3 })).body.data?.list).toEqual([]);
  });

  it("gives a leader the team's cases and refuses the team scope to a salesperson", async () => {
    const c = await createCase(test.db, people.colleague);
    const team = await post<{ list: { id: number }[] }>(people.leader, '/api/crm/clientList', {
      scope: 'team',
      limit: 50,
    });
    expect(team.body.data?.list.map((row) => row.id)).toContain(c.id);
    expect((await post(people.owner, '/api/crm/clientList', { scope: 'team' })).status).toBe(403);
  });

  it("opens one member's cases for their leader, and never another team's member", async () => {
    const theirs = await createCase(test.db, people.colleague);
    const others = await createCase(test.db, people.owner);
    const list = (who: Person, ownerId: number) =>
      post<{ list: { id: number; owner: string }[] }>(who, '/api/crm/clientList', {
        scope: 'team',
        owner_id: ownerId,
        limit: 50,
      });
    const member = await list(people.leader, people.colleague.id);
    const ids = member.body.data?.list.map((row) => row.id) ?? [];
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(others.id);
    // Another team's leader asking for this member gets their own team's cases of that owner: none.
    expect((await list(people.otherLeader, people.colleague.id)).body.data?.list).toEqual([]);
    // A salesperson cannot reach a colleague's cases by naming them.
    expect((await list(people.owner, people.colleague.id)).status).toBe(403);
    const bad = await post(people.leader, '/api/crm/clientList', { scope: 'team', owner_id: 'x' });
    expect(bad.body.code).toBe(1);
    expect(bad.body.data).toBeNull();
  });
});

describe('GET /api/crm/detail', () => {
  it('shows the case to its owner, the team leader and the signer who holds its task, not to another signer', async () => {
    const c = await signersCase();
    for (const who of [people.owner, people.leader, people.signer])
      expect((await get(who, `/api/crm/detail?id=${c.id}`)).body.code).toBe(0);
    expect((await get(people.signer, `/api/crm/detail?id=${(await ownerCase()).id}`)).status).toBe(403);
  });

  it("forbids a colleague, another team's leader and customer service before the case is put to it", async () => {
    const c = await ownerCase();
    for (const who of [people.colleague, people.otherLeader, people.service])
      expect((await get(who, `/api/crm/detail?id=${c.id}`)).status).toBe(403);
    await test.db.insert(serviceRequests).values({ corpId: corpA, clientId: c.id });
    expect((await get(people.service, `/api/crm/detail?id=${c.id}`)).status).toBe(200);
  });

  it("answers another company's id (guessed) and an unknown id with 404, a bad id with a refusal", async () => {
    const c = await ownerCase();
    expect((await get(people.stranger, `/api/crm/detail?id=${c.id}`)).status).toBe(404);
    expect((await get(people.owner, '/api/crm/detail?id=99999999')).status).toBe(404);
    expect((await get(people.owner, '/api/crm/detail?id=abc')).body).toMatchObject({ code: 1, msg: '记录无效' });
  });
});

describe('POST /api/crm/updateClient and delClient', () => {
  it('lets the owner correct a case and records it', async () => {
    const c = await ownerCase();
    const response = await post(people.owner, '/api/crm/updateClient', {
      ...caseForm({ name: '改后姓名', amount: '66000' }),
      id: c.id,
    });
    expect(response.body.code).toBe(0);
    const detail = await get<Detail & { name: string; amount_fen: number }>(people.owner, `/api/crm/detail?id=${c.id}`);
    expect(detail.body.data).toMatchObject({ name: '改后姓名', amount_fen: 6_600_000 });
    expect(detail.body.data?.events.map((event) => event.kind)).toEqual(['created', 'edited']);
  });

  it('puts an edited case to customer service once, however often it is saved with the box ticked', async () => {
    const c = await ownerCase();
    expect((await get(people.service, `/api/crm/detail?id=${c.id}`)).status).toBe(403);
    for (let i = 0; i < 2; i += 1)
      expect(
        (await post(people.owner, '/api/crm/updateClient', { ...caseForm({ need_service: '1' }), id: c.id })).body.code,
      ).toBe(0);
    expect(
      (await get<{ has_open_service: boolean }>(people.service, `/api/crm/detail?id=${c.id}`)).body.data
        ?.has_open_service,
    ).toBe(true);
    const asks = await get<{ list: { client_id: number }[] }>(people.service, '/api/crm/service?limit=50');
    expect(asks.body.data?.list.filter((row) => row.client_id === c.id)).toHaveLength(1);
  });

  it('refuses bad input, a colleague, another company and a case past approval', async () => {
    const c = await ownerCase();
    expect(
      (await post(people.owner, '/api/crm/updateClient', { ...caseForm({ amount: 'x' }), id: c.id })).body.msg,
    ).toBe('金额格式不正确');
    expect((await post(people.colleague, '/api/crm/updateClient', { ...caseForm(), id: c.id })).status).toBe(403);
    expect((await post(people.stranger, '/api/crm/updateClient', { ...caseForm(), id: c.id })).status).toBe(404);
    const approved = await ownerCase({ status: 5 });
    expect((await post(people.owner, '/api/crm/updateClient', { ...caseForm(), id: approved.id })).body).toMatchObject({
      code: 1,
      msg: '当前状态不能修改报单',
    });
  });

  it('deletes a case only before signing started', async () => {
    const c = await ownerCase();
    expect((await post(people.colleague, '/api/crm/delClient', { id: c.id })).status).toBe(403);
    expect((await post(people.stranger, '/api/crm/delClient', { id: c.id })).status).toBe(404);
    expect((await post(people.owner, '/api/crm/delClient', { id: c.id })).body).toMatchObject({
      code: 0,
      msg: '报单已删除',
    });
    expect((await get(people.owner, `/api/crm/detail?id=${c.id}`)).status).toBe(404);
    const moved = await signersCase();
    await post(people.signer, '/api/crm/updateClientStatus', { id: moved.id, status: 2, reason_code: 10 });
    await post(people.owner, '/api/crm/updateClientReject', { ...caseForm(), id: moved.id });
    expect((await post(people.owner, '/api/crm/delClient', { id: moved.id })).body).toMatchObject({
      code: 1,
      msg: '报单已开始签约，不能删除',
    });
  });
});

describe('POST /api/crm/updateClientStatus', () => {
  it('moves a case from signing to disbursement by the allowed roles, one event per move', async () => {
    const c = await signersCase();
    for (const status of [3, 5, 8])
      expect((await post(people.signer, '/api/crm/updateClientStatus', { id: c.id, status })).body.code).toBe(0);
    const detail = await get<Detail>(people.owner, `/api/crm/detail?id=${c.id}`);
    expect(detail.body.data?.status).toBe(8);
    expect(detail.body.data?.events.map((event) => [event.from_status, event.to_status])).toEqual([
      [null, 1],
      [1, 3],
      [3, 5],
      [5, 8],
    ]);
    expect(detail.body.data?.moves).toEqual([]);
  });

  it('refuses a move the table forbids, and a move by a role the table does not name', async () => {
    const c = await signersCase();
    expect((await post(people.signer, '/api/crm/updateClientStatus', { id: c.id, status: 8 })).body).toMatchObject({
      code: 1,
      msg: '报单不能从「签约中」改为「已放款」',
    });
    expect((await post(people.owner, '/api/crm/updateClientStatus', { id: c.id, status: 3 })).body).toMatchObject({
      code: 1,
      msg: '您无权将报单从「签约中」改为「审批中」',
    });
    expect((await post(people.signer, '/api/crm/updateClientStatus', { id: c.id, status: 12 })).body).toMatchObject({
      code: 1,
      msg: '状态无效',
    });
  });

  it('asks a rejection reason and keeps it on the case', async () => {
    const c = await signersCase({ status: 3 });
    expect((await post(people.signer, '/api/crm/updateClientStatus', { id: c.id, status: 6 })).body).toMatchObject({
      code: 1,
      msg: '请选择驳回原因',
    });
    expect(
      (
        await post(people.signer, '/api/crm/updateClientStatus', {
          id: c.id,
          status: 6,
          reason_code: 2,
          reason: '近期逾期',
        })
      ).body.code,
    ).toBe(0);
    const detail = await get<Detail & { reject_reason: number; reject_note: string }>(
      people.owner,
      `/api/crm/detail?id=${c.id}`,
    );
    expect(detail.body.data).toMatchObject({ status: 6, reject_reason: 2, reject_note: '近期逾期', can_appeal: true });
    // The timeline says the reason in words, never its stored code ("#2").
    expect(detail.body.data?.events.at(-1)?.reason).toBe('征信异常 近期逾期');
  });

  it('refuses a colleague (403) and another company guessing the id (404)', async () => {
    const c = await ownerCase();
    expect(
      (await post(people.colleague, '/api/crm/updateClientStatus', { id: c.id, status: 9, reason: '取消' })).status,
    ).toBe(403);
    expect((await post(people.stranger, '/api/crm/updateClientStatus', { id: c.id, status: 3 })).status).toBe(404);
  });
});

describe('POST /api/crm/updateClientReject', () => {
  it('resubmits a corrected signing rejection to signing in one step', async () => {
    const c = await ownerCase({ status: 2, rejectReason: 10 });
    expect(
      (await post(people.owner, '/api/crm/updateClientReject', { ...caseForm({ remarks: '已补收入证明' }), id: c.id }))
        .body,
    ).toMatchObject({ code: 0, msg: '已重新提交' });
    const detail = await get<Detail & { remarks: string; reject_reason: number | null }>(
      people.owner,
      `/api/crm/detail?id=${c.id}`,
    );
    expect(detail.body.data).toMatchObject({ status: 1, remarks: '已补收入证明', reject_reason: null });
    expect(detail.body.data?.events.at(-1)).toMatchObject({ kind: 'resubmit', from_status: 2, to_status: 1 });
  });

  it('refuses a case not rejected, a colleague and another company', async () => {
    expect(
      (await post(people.owner, '/api/crm/updateClientReject', { ...caseForm(), id: (await ownerCase()).id })).body,
    ).toMatchObject({ code: 1, msg: '只有签约失败的报单可以重新提交' });
    const c = await ownerCase({ status: 2 });
    expect((await post(people.colleague, '/api/crm/updateClientReject', { ...caseForm(), id: c.id })).status).toBe(403);
    expect((await post(people.stranger, '/api/crm/updateClientReject', { ...caseForm(), id: c.id })).status).toBe(404);
  });
});

describe('follow-ups: mortgageUser, pending, pendingDetail', () => {
  it('adds a follow-up, lists it when due, counts it on the home badge, and keeps one open per case', async () => {
    const c = await ownerCase({ name: '跟进客户' });
    const before =
      (await post<{ total: { pending: number } }>(people.owner, '/api/crm/userinfo', { id: people.owner.id })).body.data
        ?.total.pending ?? 0;
    expect(
      (
        await post(people.owner, '/api/crm/mortgageUser', {
          client_id: c.id,
          note: '先约面签',
          next_contact_at: '2026-11-22T08:00:00Z',
        })
      ).body.code,
    ).toBe(0);
    expect(
      (
        await post(people.owner, '/api/crm/mortgageUser', {
          client_id: c.id,
          note: '客户说今天有空',
          next_contact_at: '2026-11-21T07:00:00Z',
        })
      ).body.code,
    ).toBe(0);
    const due = await post<{ list: { client_id: number; note: string; is_due: boolean }[] }>(
      people.owner,
      '/api/crm/pending',
      { due: '1' },
    );
    expect(due.body.data?.list.filter((row) => row.client_id === c.id)).toEqual([
      expect.objectContaining({ note: '客户说今天有空', is_due: true }),
    ]);
    const after =
      (await post<{ total: { pending: number } }>(people.owner, '/api/crm/userinfo', { id: people.owner.id })).body.data
        ?.total.pending ?? 0;
    expect(after).toBe(before + 1);
    const detail = await get<{ client: { phone: string }; list: { note: string; done_at: string | null }[] }>(
      people.owner,
      `/api/crm/pendingDetail?id=${c.id}`,
    );
    expect(detail.body.data?.list.map((row) => [row.note, row.done_at === null])).toEqual([
      ['客户说今天有空', true],
      ['先约面签', false],
    ]);
    expect(detail.body.data?.client.phone).toBe('137****5678');
  });

  it('refuses bad input, a colleague, and another company', async () => {
    const c = await ownerCase();
    expect(
      (
        await post(people.owner, '/api/crm/mortgageUser', {
          client_id: c.id,
          note: '',
          next_contact_at: '2026-11-22T08:00:00Z',
        })
      ).body,
    ).toMatchObject({ code: 1, msg: '请填写跟进内容' });
    expect(
      (await post(people.owner, '/api/crm/mortgageUser', { client_id: c.id, note: '回访', next_contact_at: 'soon' }))
        .body,
    ).toMatchObject({ code: 1, msg: '请选择下次联系时间' });
    expect(
      (
        await post(people.colleague, '/api/crm/mortgageUser', {
          client_id: c.id,
          note: '回访',
          next_contact_at: '2026-11-22T08:00:00Z',
        })
      ).status,
    ).toBe(403);
    expect((await get(people.colleague, `/api/crm/pendingDetail?id=${c.id}`)).status).toBe(403);
    expect((await get(people.stranger, `/api/crm/pendingDetail?id=${c.id}`)).status).toBe(404);
  });
});

describe('customer service: service, serviceTransfer', () => {
  const transfer = (who: Person, id: number, toStaffId: number, reason: string) =>
    post(who, '/api/crm/serviceTransfer', { id, to_staff_id: toStaffId, reason });

  it('lists the cases put to service for job 3 and transfers one with its follow-ups', async () => {
    const response = await post<{ id: number }>(people.owner, '/api/crm/addClient', caseForm({ need_service: '1' }));
    const clientId = response.body.data?.id ?? 0;
    await post(people.owner, '/api/crm/mortgageUser', {
      client_id: clientId,
      note: '待转交',
      next_contact_at: '2026-11-22T08:00:00Z',
    });
    const list = await get<{ list: { id: number; client_id: number }[] }>(people.service, '/api/crm/service');
    const ask = list.body.data?.list.find((row) => row.client_id === clientId);
    expect(ask).toBeDefined();
    expect((await transfer(people.service, ask?.id ?? 0, people.colleague.id, '业务甲休假')).body).toMatchObject({
      code: 0,
      msg: '已转交',
    });
    const detail = await get<Detail>(people.colleague, `/api/crm/detail?id=${clientId}`);
    expect(detail.body.data?.owner_id).toBe(people.colleague.id);
    expect(detail.body.data?.events.at(-1)).toMatchObject({ kind: 'transfer', reason: '转给 业务乙：业务甲休假' });
    expect((await get(people.owner, `/api/crm/detail?id=${clientId}`)).status).toBe(403);
    const pending = await post<{ list: { client_id: number }[] }>(people.colleague, '/api/crm/pending');
    expect(pending.body.data?.list.map((row) => row.client_id)).toContain(clientId);
    expect((await transfer(people.service, ask?.id ?? 0, people.owner.id, '再转')).body).toMatchObject({
      code: 1,
      msg: '该协助已处理',
    });
  });

  it("refuses a caller without job 3, bad input, a target in another company, and another company's request", async () => {
    const created = await post<{ id: number }>(people.owner, '/api/crm/addClient', caseForm({ need_service: '1' }));
    const list = await get<{ list: { id: number; client_id: number }[] }>(people.service, '/api/crm/service');
    const askId = list.body.data?.list.find((row) => row.client_id === created.body.data?.id)?.id ?? 0;
    expect((await get(people.owner, '/api/crm/service')).status).toBe(403);
    expect((await transfer(people.owner, askId, people.colleague.id, 'x')).status).toBe(403);
    expect((await transfer(people.service, askId, people.colleague.id, '')).body).toMatchObject({
      code: 1,
      msg: '请填写原因',
    });
    expect((await transfer(people.service, askId, people.stranger.id, '换人')).body).toMatchObject({
      code: 1,
      msg: '接手人无效',
    });
    // A case goes to a salesperson: a signer is not offered, and is refused if named anyway.
    const options = await get<{ staff_options: { id: number }[] }>(people.service, '/api/crm/service');
    const offered = options.body.data?.staff_options.map((option) => option.id) ?? [];
    expect(offered).toContain(people.colleague.id);
    expect(offered).not.toContain(people.signer.id);
    expect((await transfer(people.service, askId, people.signer.id, '换人')).body).toMatchObject({
      code: 1,
      msg: '接手人无效',
    });
    expect((await transfer(people.stranger, askId, people.stranger.id, '换人')).status).toBe(404);
    expect((await get<{ list: unknown[] }>(people.stranger, '/api/crm/service')).body.data?.list).toEqual([]);
  });
});

describe('appeals: addAppeal, appeal, teamAppeal, auditAppeal', () => {
  it('lets the owner appeal a rejection and the leader approve it, reopening approval', async () => {
    const c = await ownerCase({ status: 6, rejectReason: 2 });
    const added = await post<{ id: number }>(people.owner, '/api/crm/addAppeal', {
      client_id: c.id,
      reason: '征信已修复',
    });
    expect(added.body).toMatchObject({ code: 0, msg: '申诉已提交' });
    expect((await post(people.owner, '/api/crm/addAppeal', { client_id: c.id, reason: '再申诉' })).body).toMatchObject({
      code: 1,
      msg: '该报单已有待处理的申诉',
    });
    const mine = await get<{ list: { id: number; status: string }[] }>(people.owner, '/api/crm/appeal');
    expect(mine.body.data?.list.find((row) => row.id === added.body.data?.id)?.status).toBe('open');
    const team = await get<{ list: { id: number }[] }>(people.leader, '/api/crm/teamAppeal?status=open');
    expect(team.body.data?.list.map((row) => row.id)).toContain(added.body.data?.id);
    expect(
      (
        await post(people.leader, '/api/crm/auditAppeal', {
          id: added.body.data?.id ?? 0,
          result: 'approved',
          reason: '同意复审',
        })
      ).body.code,
    ).toBe(0);
    const detail = await get<Detail>(people.owner, `/api/crm/detail?id=${c.id}`);
    expect(detail.body.data?.status).toBe(3);
    expect(detail.body.data?.events.at(-1)).toMatchObject({
      kind: 'appeal',
      from_status: 6,
      to_status: 3,
      reason: '申诉通过：同意复审',
    });
    expect(
      (
        await post(people.leader, '/api/crm/auditAppeal', {
          id: added.body.data?.id ?? 0,
          result: 'refused',
          reason: '改主意',
        })
      ).body,
    ).toMatchObject({ code: 1, msg: '该申诉已处理' });
  });

  it('refuses an appeal with a reason and leaves the case as it was', async () => {
    const c = await ownerCase({ status: 2 });
    const added = await post<{ id: number }>(people.owner, '/api/crm/addAppeal', {
      client_id: c.id,
      reason: '资料齐全',
    });
    const id = added.body.data?.id ?? 0;
    expect((await post(people.leader, '/api/crm/auditAppeal', { id, result: 'refused' })).body).toMatchObject({
      code: 1,
      msg: '驳回申诉请填写原因',
    });
    expect(
      (await post(people.leader, '/api/crm/auditAppeal', { id, result: 'refused', reason: '资料仍缺' })).body.code,
    ).toBe(0);
    expect((await get<Detail>(people.owner, `/api/crm/detail?id=${c.id}`)).body.data?.status).toBe(2);
  });

  it('refuses an appeal on a case not rejected, by a colleague, and audits by the wrong people', async () => {
    expect(
      (await post(people.owner, '/api/crm/addAppeal', { client_id: (await ownerCase()).id, reason: '申诉' })).body,
    ).toMatchObject({ code: 1, msg: '只有签约失败或已拒绝的报单可以申诉' });
    const c = await ownerCase({ status: 6 });
    expect((await post(people.colleague, '/api/crm/addAppeal', { client_id: c.id, reason: '申诉' })).status).toBe(403);
    expect((await post(people.stranger, '/api/crm/addAppeal', { client_id: c.id, reason: '申诉' })).status).toBe(404);
    expect((await post(people.owner, '/api/crm/addAppeal', { client_id: c.id, reason: '' })).body).toMatchObject({
      code: 1,
      msg: '请填写原因',
    });
    const id =
      (await post<{ id: number }>(people.owner, '/api/crm/addAppeal', { client_id: c.id, reason: '申诉' })).body.data
        ?.id ?? 0;
    expect((await post(people.owner, '/api/crm/auditAppeal', { id, result: 'approved' })).status).toBe(403);
    expect((await post(people.otherLeader, '/api/crm/auditAppeal', { id, result: 'approved' })).status).toBe(403);
    expect((await post(people.stranger, '/api/crm/auditAppeal', { id, result: 'approved' })).status).toBe(404);
    expect((await post(people.leader, '/api/crm/auditAppeal', { id, result: 'maybe' })).body.code).toBe(1);
    expect((await get(people.owner, '/api/crm/teamAppeal')).status).toBe(403);
    expect(
      (await get<{ list: { id: number }[] }>(people.otherLeader, '/api/crm/teamAppeal')).body.data?.list.map(
        (row) => row.id,
      ),
    ).not.toContain(id);
  });
});

describe('statistics: statistic, statUserlist, teamData', () => {
  it("counts the caller's cases and amounts by status and month, and the team's for a leader", async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id, '统计组');
    const leaderRow = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '统计组长' });
    const memberRow = await createStaff(test.db, corp.id, { teamId: team.id, name: '统计组员' });
    const lead = {
      id: leaderRow.id,
      corpId: corp.id,
      teamId: team.id,
      phone: leaderRow.phone,
      cookie: await loginAs(test, leaderRow),
    };
    const member = {
      id: memberRow.id,
      corpId: corp.id,
      teamId: team.id,
      phone: memberRow.phone,
      cookie: await loginAs(test, memberRow),
    };
    await createCase(test.db, member, {
      amountFen: 10_000_000,
      status: 8,
      createdAt: new Date('2026-11-02T00:00:00Z'),
    });
    await createCase(test.db, member, { amountFen: 5_000_000, status: 1, createdAt: new Date('2026-10-15T00:00:00Z') });
    await createCase(test.db, lead, { amountFen: 3_000_000, status: 3, createdAt: new Date('2026-11-03T00:00:00Z') });
    type Stat = {
      total: { count: number; amount_fen: number; disbursed_fen: number };
      by_status: { status: number; count: number }[];
      by_month: { month: string; count: number; amount_fen: number }[];
    };
    const mine = await get<Stat>(member, '/api/crm/statistic');
    expect(mine.body.data?.total).toEqual({ count: 2, amount_fen: 15_000_000, disbursed_fen: 10_000_000 });
    // Six months ending with this one, the empty ones as zeros.
    const none = { count: 0, amount_fen: 0, disbursed_fen: 0 };
    expect(mine.body.data?.by_month).toEqual([
      { month: '2026-06', ...none },
      { month: '2026-07', ...none },
      { month: '2026-08', ...none },
      { month: '2026-09', ...none },
      { month: '2026-10', count: 1, amount_fen: 5_000_000, disbursed_fen: 0 },
      { month: '2026-11', count: 1, amount_fen: 10_000_000, disbursed_fen: 10_000_000 },
    ]);
    expect((await get<Stat>(lead, '/api/crm/statistic?scope=team')).body.data?.total.count).toBe(3);
    const members = await get<{ name: string; count: number; disbursed_fen: number }[]>(lead, '/api/crm/statUserlist');
    expect(members.body.data).toEqual([
      expect.objectContaining({ name: '统计组员', count: 2, disbursed_fen: 10_000_000 }),
      expect.objectContaining({ name: '统计组长', count: 1, disbursed_fen: 0 }),
    ]);
    const data = await get<{ team_name: string; members: unknown[]; total: { amount_fen: number } }>(
      lead,
      '/api/crm/teamData',
    );
    expect(data.body.data).toMatchObject({ team_name: '统计组', total: { amount_fen: 18_000_000 } });
  });

  it('refuses the team figures to a salesperson and shows another company nothing of this one', async () => {
    for (const url of ['/api/crm/statistic?scope=team', '/api/crm/statUserlist', '/api/crm/teamData'])
      expect((await get(people.owner, url)).status).toBe(403);
    const theirs = await get<{ members: { staff_id: number }[] }>(people.stranger, '/api/crm/teamData');
    expect(theirs.body.data?.members.map((row) => row.staff_id)).toEqual([people.stranger.id]);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FinancePact } from '@crm/domain/api/pact';
import { agreementSchedule } from '@crm/domain/calculator';
import { clients, products, serviceRequests } from '../../db/schema/cases.ts';
import { financePacts } from '../../db/schema/pact.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createBankAndProduct, createCase } from '../../test/factories-cases.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { createSignTask } from '../../test/factories-house.ts';
import { postForm } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';

type Body<T = FinancePact> = { code: number; msg: string; data: T };
const AT = new Date('2026-05-10T02:00:00Z');
const test = testAppForFile({ now: () => AT });

/** A company with a team (leader, salesperson), a signer, customer service, and a priced product. */
async function world(price: { feeType: number | null; ratePpm: number | null; repaymentMethod?: number | null }) {
  const corp = await createCompany(test.db, '测试居间公司');
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id, name: '王业务' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  const signer = await createStaff(test.db, corp.id, { jobs: [2], name: '张签约' });
  const service = await createStaff(test.db, corp.id, { jobs: [3] });
  const { bank, product } = await createBankAndProduct(test.db, corp.id, { name: '消费分期A', ...price });
  return { corp, team, owner, leader, colleague, signer, service, bank, product };
}

const MONTHLY = { feeType: 1, ratePpm: 3500 };

/** The signing centre works a case through the task its signer signed (decision 065). */
const signedBy = (signer: { corpId: number; id: number }, c: { id: number }) =>
  createSignTask(test.db, signer.corpId, { clientId: c.id }, { status: 'signed', signerId: signer.id });

async function read(person: { corpId: number; id: number }, id: number | string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/crm/financePact?id=${id}`,
    headers: { cookie: await staffCookie(test, person) },
  });
  return { status: response.statusCode, body: response.json<Body>() };
}

async function move(person: { corpId: number; id: number }, id: number, status: number) {
  const response = await postForm(
    test.app,
    '/api/crm/updateClientStatus',
    { id, status },
    {
      cookie: await staffCookie(test, person),
    },
  );
  return response.json<Body<null>>();
}

describe('GET /api/crm/financePact', () => {
  it('answers a draft that follows the case while it is under approval, with the engine schedule and its IRR', async () => {
    const w = await world(MONTHLY);
    const c = await createCase(test.db, w.owner, { status: 3, productId: w.product.id, bankId: w.bank.id });
    const { status, body } = await read(w.owner, c.id);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const expected = agreementSchedule({
      amountFen: 5_000_000,
      termMonths: 36,
      feeType: 1,
      ratePpm: 3500,
      method: null,
    });
    expect(body.data).toMatchObject({
      client_id: c.id,
      state: 'draft',
      case_status: 3,
      frozen_at: null,
      bank_name: '测试银行',
      product_name: '消费分期A',
      amount_fen: 5_000_000,
      term_months: 36,
      fee_type: 1,
      fee_type_label: '月费率',
      rate_ppm: 3500,
      repayment_method: null,
      nominal_annual_ppm: 42_000,
      irr_ppm: expected.irrPpm,
      total_interest_fen: 630_000,
      total_fen: 5_630_000,
      parties: {
        borrower_name: '库中客户',
        lender_name: '测试银行 · 消费分期A',
        intermediary_name: '测试居间公司',
        agent_name: '王业务',
      },
    });
    expect(body.data.schedule).toHaveLength(36);
    expect(body.data.irr_ppm).toBeGreaterThan(70_000);
  });

  it('freezes the terms when the signing centre approves the case: later edits change nothing', async () => {
    const w = await world({ feeType: 3, ratePpm: 49_000, repaymentMethod: 1 });
    const c = await createCase(test.db, w.owner, { status: 3, productId: w.product.id, bankId: w.bank.id });
    await signedBy(w.signer, c);
    expect((await move(w.signer, c.id, 5)).code).toBe(0);
    const [row] = await test.db.select().from(financePacts).where(eq(financePacts.clientId, c.id));
    expect(row).toMatchObject({ frozenBy: w.signer.id, amountFen: 5_000_000, ratePpm: 49_000 });

    // The product is repriced and renamed, the case's amount and term changed behind the form's back.
    await test.db.update(products).set({ ratePpm: 99_000, name: '改名产品' }).where(eq(products.id, w.product.id));
    await test.db
      .update(clients)
      .set({ amountFen: 9_900_000, termMonths: 12, name: '改名客户' })
      .where(eq(clients.id, c.id));
    for (const person of [w.owner, w.leader, w.signer]) {
      const { body } = await read(person, c.id);
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({
        state: 'frozen',
        case_status: 5,
        frozen_at: AT.toISOString(),
        frozen_by_name: '张签约',
        product_name: '消费分期A',
        amount_fen: 5_000_000,
        term_months: 36,
        fee_type: 3,
        fee_type_label: '年利率',
        rate_ppm: 49_000,
        repayment_method: 1,
        parties: { borrower_name: '库中客户' },
      });
    }
    // Disbursing keeps the same agreement.
    expect((await move(w.signer, c.id, 8)).code).toBe(0);
    expect((await read(w.owner, c.id)).body.data).toMatchObject({
      state: 'frozen',
      case_status: 8,
      amount_fen: 5_000_000,
    });
    expect(await test.db.select().from(financePacts).where(eq(financePacts.clientId, c.id))).toHaveLength(1);
  });

  it('freezes a case approved before agreements existed at its first read, once', async () => {
    const w = await world({ feeType: 2, ratePpm: 120_000 });
    const c = await createCase(test.db, w.owner, { status: 7, productId: w.product.id });
    const first = await read(w.leader, c.id);
    expect(first.body.data).toMatchObject({ state: 'frozen', frozen_by_name: null, fee_type_label: '总费率' });
    expect(first.body.data.total_interest_fen).toBe(600_000);
    await test.db.update(products).set({ ratePpm: 1 }).where(eq(products.id, w.product.id));
    expect((await read(w.owner, c.id)).body.data).toEqual(first.body.data);
  });

  it('approves a case of an unpriced product all the same, and says why there is no agreement yet', async () => {
    const w = await world({ feeType: null, ratePpm: null });
    const c = await createCase(test.db, w.owner, { status: 3, productId: w.product.id });
    await signedBy(w.signer, c);
    expect((await move(w.signer, c.id, 5)).code).toBe(0);
    const { status, body } = await read(w.owner, c.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ msg: '该报单的产品未设置费率，暂无法生成融资协议', data: null });
    expect(body.code).not.toBe(0);
    // Priced later: the first read freezes it.
    await test.db.update(products).set(MONTHLY).where(eq(products.id, w.product.id));
    expect((await read(w.owner, c.id)).body.data).toMatchObject({ state: 'frozen', rate_ppm: 3500 });
  });

  it('has no agreement for a case closed without approval, or without a product', async () => {
    const w = await world(MONTHLY);
    const returned = await createCase(test.db, w.owner, { status: 9, productId: w.product.id });
    expect((await read(w.owner, returned.id)).body.msg).toBe('该报单未经审批通过即已结束，没有融资协议');
    const bare = await createCase(test.db, w.owner, { status: 1 });
    expect((await read(w.owner, bare.id)).body.msg).toBe('该报单未选择贷款产品，暂无法生成融资协议');
  });

  it.each(['', 'abc', '0', '-3', '1.5', '99999999999'])(
    'refuses the id %j with the envelope, never 5xx',
    async (id) => {
      const w = await world(MONTHLY);
      const { status, body } = await read(w.owner, id);
      expect(status).toBeLessThan(500);
      expect(body.code).not.toBe(0);
      expect(body.msg).toMatch(/报单编号无效|编号超出范围/);
    },
  );

  it('is not shown to whoever must not see it', async () => {
    const w = await world(MONTHLY);
    const c = await createCase(test.db, w.owner, { status: 3, productId: w.product.id });
    await signedBy(w.signer, c);
    await test.db.insert(serviceRequests).values({ corpId: w.corp.id, clientId: c.id, requestedBy: w.owner.id });

    // another company's staff: the case does not exist for them
    const other = await createCompany(test.db);
    const stranger = await createStaff(test.db, other.id, { jobs: [2], isLeader: true });
    expect(await read(stranger, c.id)).toMatchObject({ status: 404, body: { msg: '报单不存在' } });
    // a salesperson of the same team on a colleague's case, and customer service the case was put to
    for (const person of [w.colleague, w.service]) {
      const { status, body } = await read(person, c.id);
      expect(status).toBe(403);
      expect(body.data).toBeNull();
    }
    expect((await read(w.service, c.id)).body.msg).toBe('仅报单业务员、团队长和签约中心可查看融资协议');
    // a signer who holds no task of the case (decision 065)
    const otherSigner = await createStaff(test.db, w.corp.id, { jobs: [2] });
    expect(await read(otherSigner, c.id)).toMatchObject({ status: 403, body: { data: null } });
    // The case detail offers the agreement to its readers only.
    const detailOf = async (person: { corpId: number; id: number }) =>
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/crm/detail?id=${c.id}`,
          headers: { cookie: await staffCookie(test, person) },
        })
      ).json<Body<{ can_view_pact: boolean }>>().data.can_view_pact;
    expect(await detailOf(w.owner)).toBe(true);
    expect(await detailOf(w.signer)).toBe(true);
    expect(await detailOf(w.service)).toBe(false);
    // a partner session and no session at all
    const partner = await createPartner(test.db, w.owner);
    const asPartner = await test.app.inject({
      method: 'GET',
      url: `/api/crm/financePact?id=${c.id}`,
      headers: { cookie: await sessionCookie(test, { kind: 'partner', corpId: w.corp.id, partnerId: partner.id }) },
    });
    expect(asPartner.statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: `/api/crm/financePact?id=${c.id}` })).statusCode).toBe(401);
  });
});

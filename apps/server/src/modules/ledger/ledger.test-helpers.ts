import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Endpoint } from '@crm/domain/endpoints';
import type { TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, grantStaff } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../../test/factories-house.ts';
import { createPartner, createReferral } from '../../test/factories-outside.ts';
import { postForBody, type Envelope } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';

/*
 * A company with everything the commission ledger's tests need (decision 067): a salesperson and their team
 * leader, two finance members (job 4), a rejection approver, a channel with its agent, a partner who pays
 * 0.5 % on approval, and each one's session.
 */
export interface LedgerSettings {
  clawbackWindowDays?: number;
  clawbackPartial?: boolean;
  statementDay?: number;
}

export async function ledgerWorld(test: TestApp, settings: LedgerSettings = {}) {
  const corp = await createCompany(test.db);
  const { clawbackWindowDays = 90, clawbackPartial = false, statementDay = 5 } = settings;
  await test.db.execute(
    sql`update companies set partner_commission_bp = 50, clawback_window_days = ${clawbackWindowDays},
      clawback_partial = ${clawbackPartial}, statement_day = ${statementDay} where id = ${corp.id}`,
  );
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
  const finance = await createStaff(test.db, corp.id, { jobs: [4], isLeader: true });
  const finance2 = await createStaff(test.db, corp.id, { jobs: [4] });
  const approver = await createStaff(test.db, corp.id, { jobs: [2] });
  await grantStaff(test.db, approver);
  const channel = await createChannel(test.db, corp.id, sales.id);
  const agent = await createBrokerageUser(test.db, corp.id, sales.id, { channelId: channel.id, phone: '13911112222' });
  const partner = await createPartner(test.db, sales);
  const cookie = (p: { corpId: number; id: number }) => staffCookie(test, p);
  const cookies = async () => ({
    sales: await cookie(sales),
    leader: await cookie(leader),
    finance: await cookie(finance),
    finance2: await cookie(finance2),
    approver: await cookie(approver),
    agent: await sessionCookie(test, { kind: 'channel', corpId: corp.id, channelAgentId: agent.id }),
    partner: await sessionCookie(test, { kind: 'partner', corpId: corp.id, partnerId: partner.id }),
  });
  const world = {
    corp,
    team,
    sales,
    leader,
    finance,
    finance2,
    approver,
    channel,
    agent,
    partner,
    cookies: await cookies(),
    /** Fresh sessions, after a test moved its clock past the old ones' lifetime. */
    async relogin() {
      world.cookies = await cookies();
    },
  };
  return world;
}
export type LedgerWorld = Awaited<ReturnType<typeof ledgerWorld>>;

/** A case of the salesperson made from the partner's referral, in approval (3). */
export async function referredCase(test: TestApp, w: LedgerWorld, amountFen = 20_000_000) {
  const c = await createCase(test.db, w.sales, { status: 3, amountFen });
  await createReferral(test.db, w.partner, {
    protectedUntil: new Date('2030-01-01'),
    status: 2,
    caseId: c.id,
  });
  return c;
}

/** A home-loan client of the salesperson, in signing, with the agent's brokerage set within the limit. */
export async function houseDeal(test: TestApp, w: LedgerWorld, post: Poster) {
  const client = await createHouseClient(test.db, w.corp.id, w.sales.id, {
    loanAmountFen: 100_000_000,
    status: 2,
    channelId: w.channel.id,
  });
  const set = await post(w.cookies.finance, 'setHouseBrokerage', {
    id: client.id,
    rate: '1',
    user_ids: String(w.agent.id),
  });
  if (set.code !== 0) throw new Error(set.msg);
  return client;
}

export type Poster = (cookie: string, name: string, fields: Record<string, string | number>) => Promise<Envelope>;

/** Any call by name, answered with its envelope (the tests read its code and message). */
export const poster =
  (test: TestApp): Poster =>
  async (cookie, name, fields) =>
    (await postForBody<Envelope>(test.app, `/api/crm/${name}`, fields, { cookie })).body;

/** A call by its contract, answered with its envelope typed as the contract's data. */
export const caller =
  (test: TestApp) =>
  async <R extends z.ZodType>(
    cookie: string,
    endpoint: Endpoint<z.ZodType, R>,
    fields: Record<string, string | number> = {},
  ) =>
    (await postForBody<Envelope<z.output<R>>>(test.app, endpoint.path, fields, { cookie })).body;

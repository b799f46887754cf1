import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { caseConsents, caseEvents, clients, followUps } from '../../db/schema/cases.ts';
import { files } from '../../db/schema/files.ts';
import { moneyRecords } from '../../db/schema/money.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createImageRow, createStaff, createTeam } from '../../test/factories.ts';
import { createCase, uniqueClientPhone, uniqueIdNumber } from '../../test/factories-cases.ts';
import { createBrokerageUser, createChannel } from '../../test/factories-house.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { getForBody, postForm, type Envelope } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';

/*
 * Merging two records of one customer (decision 066) as a client sees it: everything of the merged case
 * moves to the kept one, the merged one answers reads and refuses writes, both owners are told, the audit
 * log keeps it; bad pairs and callers who may not merge are refused.
 */

const clock = new Date('2026-12-01T02:00:00Z');
let test: TestApp;
type World = Awaited<ReturnType<typeof world>>;
let w: World;

async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const otherTeam = await createTeam(test.db, corp.id);
  const wang = await createStaff(test.db, corp.id, { teamId: team.id, name: '王小明' });
  const li = await createStaff(test.db, corp.id, { teamId: team.id, name: '李四' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '张组长' });
  const zhao = await createStaff(test.db, corp.id, { teamId: otherTeam.id, name: '赵五' });
  const otherLeader = await createStaff(test.db, corp.id, { teamId: otherTeam.id, isLeader: true });
  const admin = await createAdmin(test.db, corp.id, { name: '管理员' });
  const otherCorp = await createCompany(test.db);
  const outsiderTeam = await createTeam(test.db, otherCorp.id);
  const outsider = await createStaff(test.db, otherCorp.id, { teamId: outsiderTeam.id, isLeader: true });
  const partner = await createPartner(test.db, wang);
  const channel = await createChannel(test.db, corp.id, wang.id);
  const agent = await createBrokerageUser(test.db, corp.id, wang.id, { channelId: channel.id });
  const cookie = (p: { corpId: number; id: number }) => staffCookie(test, p);
  return {
    corp,
    wang,
    li,
    leader,
    zhao,
    outsider,
    cookies: {
      wang: await cookie(wang),
      leader: await cookie(leader),
      otherLeader: await cookie(otherLeader),
      admin: await cookie(admin),
      outsider: await cookie(outsider),
      partner: await sessionCookie(test, { kind: 'partner', corpId: corp.id, partnerId: partner.id }),
      agent: await sessionCookie(test, { kind: 'channel', corpId: corp.id, channelAgentId: agent.id }),
      visitor: await sessionCookie(test, { kind: 'visitor', corpId: corp.id, openid: 'o-visitor-merge' }),
    },
  };
}

// A loaded machine takes a while to build the app and migrate a fresh database.
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
  w = await world();
}, 240_000);
afterAll(() => test.close());

const post = async <T = unknown>(cookie: string, url: string, fields: Record<string, string | number> = {}) => {
  const response = await postForm(test.app, url, fields, { cookie });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};
const merge = (cookie: string, keep: number, gone: number) =>
  post<{ keep_id: number; moved: Record<string, number> }>(cookie, '/api/crm/mergeClients', {
    keep_id: keep,
    merge_id: gone,
  });

/** Two cases of one customer (one phone): the second with a follow-up, a repayment and an image. */
async function pair(
  first: { corpId: number; id: number; teamId: number | null } = w.wang,
  second: { corpId: number; id: number; teamId: number | null } = w.li,
) {
  const phone = uniqueClientPhone();
  const keep = await createCase(test.db, first, { phone, name: '陈大文', status: 4 });
  const gone = await createCase(test.db, second, { phone, name: '陈大文', status: 1, idNumber: uniqueIdNumber() });
  await test.db.insert(followUps).values({
    corpId: first.corpId,
    clientId: gone.id,
    staffId: second.id,
    note: '约了周五',
    nextContactAt: new Date(clock.getTime() + 86_400_000),
    createdAt: clock,
  });
  await test.db.insert(moneyRecords).values({
    corpId: first.corpId,
    clientId: gone.id,
    amountFen: 120_000,
    paidOn: '2026-11-30',
    method: 3,
    createdBy: second.id,
    idempotencyKey: randomUUID(),
  });
  await createImageRow(test.db, { corpId: first.corpId, ownerKind: 'case', clientId: gone.id, uploaderId: second.id });
  return { keep, gone };
}

describe('POST /api/crm/mergeClients', () => {
  it('moves follow-ups, repayments, images and events to the kept case in one step; the merged one points there', async () => {
    const { keep, gone } = await pair();
    const answer = await merge(w.cookies.leader, keep.id, gone.id);
    expect(answer.body).toMatchObject({
      code: 0,
      msg: '已合并',
      data: { keep_id: keep.id, moved: { follow_ups: 1, repayments: 1, images: 1 } },
    });
    expect(answer.body.data?.moved.events).toBeGreaterThanOrEqual(1);
    const kept = async (table: typeof followUps | typeof moneyRecords | typeof files) =>
      (await test.db.select({ id: table.id }).from(table).where(eq(table.clientId, keep.id))).length;
    expect([await kept(followUps), await kept(moneyRecords), await kept(files)]).toEqual([1, 1, 1]);
    const [row] = await test.db.select().from(clients).where(eq(clients.id, gone.id));
    expect(row).toMatchObject({ mergedInto: keep.id });
    const events = await test.db
      .select({ reason: caseEvents.reason })
      .from(caseEvents)
      .where(and(eq(caseEvents.kind, 'merged')));
    expect(events.map((e) => e.reason)).toEqual(
      expect.arrayContaining([`合并了报单 #${gone.id}`, `已合并至报单 #${keep.id}`]),
    );
    // The merged case reads (its page says where it went) and refuses every write.
    const detail = await getForBody<Envelope<{ merged_into: number }>>(
      test.app,
      '/api/crm/detail',
      { id: gone.id },
      { cookie: w.cookies.leader },
    );
    expect(detail.body.data?.merged_into).toBe(keep.id);
    const followUp = await post(w.cookies.leader, '/api/crm/mortgageUser', {
      client_id: gone.id,
      note: '再约',
      next_contact_at: '2026-12-05 10:00',
    });
    expect(followUp.body).toMatchObject({
      code: 1,
      msg: `该客户已合并至报单 #${keep.id}，本记录只读，请在合并后的报单上操作`,
    });
    // Both owners are told through the WeCom queue; the audit log keeps who merged what.
    const told = await test.db.execute<{ recipient_id: number }>(
      sql`select recipient_id from jobs where kind = 'case-merged' and dedupe_key like ${`case-merged:${gone.id}:%`}`,
    );
    expect(told.rows.map((r) => r.recipient_id).sort()).toEqual([w.wang.id, w.li.id].sort());
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'case.merge'), eq(auditLog.entityId, keep.id)));
    expect(audit).toMatchObject({ actorId: w.leader.id, before: expect.objectContaining({ merge_id: gone.id }) });
    // A second merge of the same record is refused, and nothing moves twice.
    expect((await merge(w.cookies.leader, keep.id, gone.id)).body).toMatchObject({
      code: 1,
      msg: `报单 #${gone.id} 已合并过，不能再合并`,
    });
  });

  it('carries the client consent to the kept case; a waiting link of either stops working (decision 073)', async () => {
    const consentsOf = async (clientId: number) =>
      (
        await test.db
          .select({ status: caseConsents.status })
          .from(caseConsents)
          .where(eq(caseConsents.clientId, clientId))
          .orderBy(caseConsents.id)
      )
        .map((row) => row.status)
        .sort();
    const phone = uniqueClientPhone();
    // The kept case waits for its client's link; the merged one holds their consent (a paper form).
    const keep = await createCase(test.db, w.wang, { phone, name: '邵合并', status: 1 }, { consent: false });
    const gone = await createCase(test.db, w.li, { phone, name: '邵合并', status: 1 });
    const link = await post<{ link: string }>(w.cookies.wang, '/api/crm/consentRequest', { case_id: keep.id });
    expect(link.body.code).toBe(0);
    expect((await merge(w.cookies.leader, keep.id, gone.id)).body.code).toBe(0);
    expect(await consentsOf(keep.id)).toEqual(['cancelled', 'given']);
    expect(await consentsOf(gone.id)).toEqual([]);
    // The kept case may now go past intake on the consent it received.
    expect((await post(w.cookies.leader, '/api/crm/updateClientStatus', { id: keep.id, status: 3 })).body.code).toBe(0);

    // Both with consent in force: the kept one's stays in force, the merged one's stays on its own record.
    const both = await pair();
    expect((await merge(w.cookies.leader, both.keep.id, both.gone.id)).body.code).toBe(0);
    expect(await consentsOf(both.keep.id)).toEqual(['given']);
    expect(await consentsOf(both.gone.id)).toEqual(['given']);
  });

  it('refuses the same id, two different customers, and another company (404)', async () => {
    const { keep, gone } = await pair();
    expect((await merge(w.cookies.leader, keep.id, keep.id)).body).toMatchObject({ code: 1, msg: '不能与自身合并' });
    const stranger = await createCase(test.db, w.wang, { phone: uniqueClientPhone() });
    expect((await merge(w.cookies.leader, keep.id, stranger.id)).body).toMatchObject({
      code: 1,
      msg: '两条报单的手机号和身份证号都不同，不是同一客户',
    });
    expect((await merge(w.cookies.leader, keep.id, 0)).body.code).not.toBe(0);
    const foreign = await merge(w.cookies.outsider, keep.id, gone.id);
    expect(foreign.status).toBe(404);
    const [row] = await test.db.select().from(clients).where(eq(clients.id, gone.id));
    expect(row?.mergedInto).toBeNull();
  });

  it('refuses a salesperson, another team’s leader, a partner, an agent and a visitor; the admin merges across teams', async () => {
    const { keep, gone } = await pair(w.wang, w.zhao);
    expect((await merge(w.cookies.wang, keep.id, gone.id)).status).toBe(403);
    expect((await merge(w.cookies.leader, keep.id, gone.id)).body).toMatchObject({ msg: '只能合并本团队的报单' });
    expect((await merge(w.cookies.otherLeader, keep.id, gone.id)).status).toBe(403);
    for (const who of [w.cookies.partner, w.cookies.agent, w.cookies.visitor])
      expect((await merge(who, keep.id, gone.id)).status).toBe(403);
    const [untouched] = await test.db.select().from(clients).where(eq(clients.id, gone.id));
    expect(untouched?.mergedInto).toBeNull();
    expect((await merge(w.cookies.admin, keep.id, gone.id)).body.code).toBe(0);
  });
});

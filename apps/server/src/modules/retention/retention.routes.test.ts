import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { caseConsents, caseEvents, clients, clientViews, followUps } from '../../db/schema/cases.ts';
import { houseBrokerageOrders } from '../../db/schema/house.ts';
import { duplicateChecks } from '../../db/schema/ownership.ts';
import { files } from '../../db/schema/files.ts';
import { outsideReferrals } from '../../db/schema/outside.ts';
import { jobs } from '../../db/schema/reminders.ts';
import { companies } from '../../db/schema/staff.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createImageRow, createStaff } from '../../test/factories.ts';
import { createBrokerageUser, createCase, createHouseClient } from '../../test/factories-house.ts';
import { createPartner, createReferral } from '../../test/factories-outside.ts';
import { cookieCaller } from '../../test/http.ts';
import { sessionCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers } from '../admin/admin.test-helpers.ts';
import { createRetentionRepository, createRetentionService, monthsBefore } from './index.ts';
import { clientsWith } from '../../test/factories-cases.ts';

/*
 * Retention (issue 41, decision 071): the company's settings, the sweep on a clock the test moves (never the
 * machine's), and the data-subject request's lookup, export and erasure with its forbidden callers.
 */

let clock = new Date('2031-03-15T04:00:00.000Z');
const test = testAppForFile({ now: () => clock });
const call = cookieCaller(() => test.app);
const DAY = 86_400_000;
const ago = (days: number) => new Date(clock.getTime() - days * DAY);
const sweeper = (batch?: number) =>
  createRetentionService({
    repo: createRetentionRepository(test.db),
    now: () => clock,
    ...(batch ? { batch } : {}),
  });

let corpA: { id: number };
let corpB: { id: number };
let callers: BackOfficeCallers;

beforeAll(async () => {
  corpA = await createCompany(test.db, 'A公司');
  corpB = await createCompany(test.db, 'B公司');
  callers = await backOfficeCallers(test, corpA, corpB);
});

describe('monthsBefore', () => {
  it.each([
    ['2031-03-15T04:00:00.000Z', 12, '2030-03-15T04:00:00.000Z'],
    ['2031-03-31T00:00:00.000Z', 1, '2031-02-28T00:00:00.000Z'],
    ['2031-01-10T00:00:00.000Z', 6, '2030-07-10T00:00:00.000Z'],
    ['2032-02-29T12:00:00.000Z', 60, '2027-02-28T12:00:00.000Z'],
  ])('%s less %i months is %s', (from, months, to) => {
    expect(monthsBefore(new Date(from), months).toISOString()).toBe(to);
  });
});

describe('retention settings (/api/admin/settings)', () => {
  const base = { referral_protection_days: 30, over_limit_rate_bp: 150, over_limit_amount_fen: 5_000_000 };

  it('defaults to logs for 12 months and closed cases for 5 years, and saves a change', async () => {
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      log_retention_months: 12,
      closed_case_retention_years: 5,
    });
    const saved = await call(callers.admin, 'POST', '/api/admin/settings', {
      ...base,
      log_retention_months: 6,
      closed_case_retention_years: 3,
    });
    expect(saved.body).toMatchObject({ code: 0, data: { log_retention_months: 6, closed_case_retention_years: 3 } });
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      log_retention_months: 6,
      closed_case_retention_years: 3,
    });
    // Another company's stay at the defaults.
    expect((await call(callers.otherAdmin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      log_retention_months: 12,
    });
    await call(callers.admin, 'POST', '/api/admin/settings', {
      ...base,
      log_retention_months: 12,
      closed_case_retention_years: 5,
    });
  });

  it('refuses logs kept under six months, and out-of-range years, changing nothing', async () => {
    const short = await call(callers.admin, 'POST', '/api/admin/settings', { ...base, log_retention_months: 5 });
    expect(short.body).toMatchObject({ msg: expect.stringContaining('至少保存 6 个月') });
    expect(short.body.code).not.toBe(0);
    const years = await call(callers.admin, 'POST', '/api/admin/settings', { ...base, closed_case_retention_years: 0 });
    expect(years.body).toMatchObject({ msg: '结案保存年限至少 1 年' });
    const text = await call(callers.admin, 'POST', '/api/admin/settings', { ...base, log_retention_months: '十二' });
    expect(text.body.code).not.toBe(0);
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      log_retention_months: 12,
      closed_case_retention_years: 5,
    });
  });

  it('refuses a non-admin staff member the retention settings', async () => {
    const answer = await call(callers.plain, 'POST', '/api/admin/settings', { ...base, log_retention_months: 6 });
    expect(answer.status).toBe(403);
  });

  it('holds the six-month floor in the database too', async () => {
    await expect(
      test.db.update(companies).set({ logRetentionMonths: 3 }).where(eq(companies.id, corpA.id)),
    ).rejects.toThrow();
  });
});

describe('the retention sweep, on the injected clock', () => {
  it('purges the view log, audit log and duplicate checks past the company period, and finished jobs past 30 days', async () => {
    const corp = await createCompany(test.db);
    const other = await createCompany(test.db);
    await test.db.update(companies).set({ logRetentionMonths: 6 }).where(eq(companies.id, other.id));
    const person = await createStaff(test.db, corp.id);
    const otherPerson = await createStaff(test.db, other.id);
    const kase = await createCase(test.db, corp.id, person.id);
    const otherCase = await createCase(test.db, other.id, otherPerson.id);
    // 13 months old goes; 11 months old stays (12 by default); at the other company 7 months goes (6 set).
    for (const [corpId, staffId, clientId, days] of [
      [corp.id, person.id, kase.id, 396],
      [corp.id, person.id, kase.id, 335],
      [other.id, otherPerson.id, otherCase.id, 213],
      [other.id, otherPerson.id, otherCase.id, 150],
    ] as const) {
      await test.db.insert(clientViews).values({ corpId, clientId, staffId, field: 'phone', viewedAt: ago(days) });
      await test.db.insert(auditLog).values({ corpId, actorId: staffId, action: 'x', entity: 'x', at: ago(days) });
      await test.db.insert(duplicateChecks).values({
        corpId,
        principalKind: 'staff',
        principalId: staffId,
        day: '2030-01-01',
        asked: '139****0000',
        matches: 0,
        at: ago(days),
      });
    }
    const job = (status: 'done' | 'failed' | 'queued' | 'skipped', days: number, key: string) =>
      test.db.insert(jobs).values({
        corpId: corp.id,
        kind: 'followup-due',
        dedupeKey: `retention-${key}`,
        payload: { title: 't', description: 'd', path: '/' },
        status,
        runAt: ago(days),
        createdAt: ago(days),
        doneAt: status === 'queued' ? null : ago(days),
      });
    await job('done', 31, 'done-old');
    await job('failed', 40, 'failed-old');
    await job('skipped', 31, 'skipped-old');
    await job('done', 29, 'done-new');
    await job('queued', 90, 'queued-old');

    const gone = await sweeper().sweep();
    expect(gone).toMatchObject({ views: 2, audit: 2, duplicateChecks: 2, jobs: 3 });
    const ageOf = (rows: { at: Date }[]) => rows.map((r) => Math.round((clock.getTime() - r.at.getTime()) / DAY));
    expect(
      ageOf(
        await test.db.select({ at: clientViews.viewedAt }).from(clientViews).where(eq(clientViews.corpId, corp.id)),
      ),
    ).toEqual([335]);
    expect(
      ageOf(await test.db.select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.corpId, other.id))),
    ).toEqual([150]);
    expect(
      ageOf(
        await test.db
          .select({ at: duplicateChecks.at })
          .from(duplicateChecks)
          .where(eq(duplicateChecks.corpId, corp.id)),
      ),
    ).toEqual([335]);
    const left = await test.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.corpId, corp.id));
    expect(left.map((j) => j.key).sort()).toEqual(['retention-done-new', 'retention-queued-old']);
    // A second sweep at the same instant finds nothing more.
    expect(await sweeper().sweep()).toMatchObject({ views: 0, audit: 0, duplicateChecks: 0, jobs: 0 });
  });

  it("erases a closed case's personal data after the company's years, in batches, keeping the figures", async () => {
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id);
    const closedLongAgo = async (status: number, days: number) => {
      const c = await createCase(test.db, corp.id, person.id, {
        status,
        idNumber: '110101199001011234',
        bankCard: '6225880000000001',
        amountFen: 12_300_000,
        productId: 7,
        remarks: '客户说了他的住址',
        incomeFen: 900_000,
      });
      await test.db
        .update(clients)
        .set({ updatedAt: ago(days) })
        .where(eq(clients.id, c.id));
      await test.db.insert(followUps).values({
        corpId: corp.id,
        clientId: c.id,
        staffId: person.id,
        note: '客户在某某公司上班',
        nextContactAt: ago(days),
        doneAt: ago(days),
      });
      await test.db.insert(caseEvents).values({
        corpId: corp.id,
        clientId: c.id,
        staffId: person.id,
        kind: 'status',
        fromStatus: 3,
        toStatus: status,
        reason: '征信有逾期',
      });
      return c;
    };
    const fiveYears = 5 * 365 + 2;
    // Rejected, disbursed and returned past five years: three, across batches of two.
    const old = [
      await closedLongAgo(6, fiveYears),
      await closedLongAgo(8, fiveYears),
      await closedLongAgo(9, fiveYears),
    ];
    const recent = await closedLongAgo(6, 4 * 365);
    const open = await closedLongAgo(3, fiveYears);

    const photos = await Promise.all(
      [...old, recent].map((c) =>
        createImageRow(test.db, { corpId: corp.id, ownerKind: 'case', clientId: c.id, uploaderId: person.id }),
      ),
    );
    const gone = await sweeper(2).sweep();
    expect(gone).toMatchObject({ cases: 3, images: 3 });
    const erasedAt = async (id: number) => (await test.db.select().from(files).where(eq(files.id, id)))[0]?.erasedAt;
    expect(await Promise.all(photos.map((p) => erasedAt(p.id)))).toEqual([clock, clock, clock, null]);
    for (const c of old) {
      const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
      expect(row).toMatchObject({
        name: '（已删除）',
        phone: '',
        idNumber: '',
        bankCard: '',
        remarks: '',
        incomeFen: null,
        personalErasedAt: clock,
        // The figures statistics need stay.
        amountFen: 12_300_000,
        productId: 7,
        ownerId: person.id,
        status: c.status,
        updatedAt: ago(fiveYears),
      });
      const notes = await test.db.select().from(followUps).where(eq(followUps.clientId, c.id));
      expect(notes.map((n) => n.note)).toEqual(['']);
      const events = await test.db.select().from(caseEvents).where(eq(caseEvents.clientId, c.id));
      expect(events.map((e) => [e.reason, e.toStatus])).toEqual([['', c.status]]);
      // The consent stays as proof of what was agreed and when, without the client's address and browser.
      const consents = await test.db.select().from(caseConsents).where(eq(caseConsents.clientId, c.id));
      expect(consents).toEqual([expect.objectContaining({ status: 'given', ip: null, userAgent: null })]);
      expect(consents[0]?.givenAt).toBeInstanceOf(Date);
    }
    for (const c of [recent, open]) {
      const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
      expect(row).toMatchObject({ idNumber: '110101199001011234', personalErasedAt: null });
      const [consent] = await test.db.select().from(caseConsents).where(eq(caseConsents.clientId, c.id));
      expect(consent?.ip).not.toBeNull();
    }
    // A year later the recent one's time has come; the open case's never does.
    clock = new Date(clock.getTime() + 400 * DAY);
    try {
      expect((await sweeper(2).sweep()).cases).toBe(1);
      const [row] = await test.db.select().from(clients).where(eq(clients.id, recent.id));
      expect(row?.phone).toBe('');
    } finally {
      clock = new Date(clock.getTime() - 400 * DAY);
    }
  });

  it('leaves the commission ledger alone: a disbursed case with ledger lines is erased without touching them', async () => {
    // The ledger's lines refuse any change (a trigger); they carry ids and amounts, no personal field.
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id);
    const c = await createCase(test.db, corp.id, person.id, { status: 8, idNumber: '110101199001011234' });
    await test.db
      .update(clients)
      .set({ updatedAt: ago(6 * 365) })
      .where(eq(clients.id, c.id));
    const { commissionLines } = await import('../../db/schema/ledger.ts');
    await test.db.insert(commissionLines).values({
      corpId: corp.id,
      receiverKind: 'partner',
      receiverId: 1,
      kind: 'accrual',
      amountFen: 1000,
      dealKind: 'case',
      dealId: c.id,
      createdAt: ago(6 * 365),
    });
    expect((await sweeper().sweep()).cases).toBe(1);
    const lines = await test.db.select().from(commissionLines).where(eq(commissionLines.dealId, c.id));
    expect(lines.map((l) => l.amountFen)).toEqual([1000]);
  });
});

describe('a data-subject request (/api/admin/subject)', () => {
  const PHONE = '13812345678';
  const ID = '11010119900307803X';
  let owner: { id: number; corpId: number };
  let ids: { rejected: number; disbursed: number; open: number; house: number; signedHouse: number; referral: number };

  beforeAll(async () => {
    owner = await createStaff(test.db, corpA.id, { name: 'A销售' });
    const kase = (status: number, phone: string, idNumber: string) =>
      createCase(test.db, corpA.id, owner.id, { name: '王五', status, phone, idNumber, bankCard: '6225880000000099' });
    const rejected = await kase(6, PHONE, '');
    const disbursed = await kase(8, '13800000000', ID);
    const open = await kase(3, PHONE, '');
    const house = await createHouseClient(test.db, corpA.id, owner.id, { name: '王五', phone: PHONE });
    const signedHouse = await createHouseClient(test.db, corpA.id, owner.id, {
      name: '王五',
      phone: PHONE,
      signedAt: ago(10),
    });
    const partner = await createPartner(test.db, { corpId: corpA.id, id: owner.id });
    const referral = await createReferral(test.db, partner, { phone: PHONE, name: '王五', protectedUntil: ago(-10) });
    // Company B holds the same person: never shown to, exported for or erased by A.
    const ownerB = await createStaff(test.db, corpB.id);
    await createCase(test.db, corpB.id, ownerB.id, { name: 'B公司机密', status: 6, phone: PHONE });
    ids = {
      rejected: rejected.id,
      disbursed: disbursed.id,
      open: open.id,
      house: house.id,
      signedHouse: signedHouse.id,
      referral: referral.id,
    };
  });

  it('finds the records naming the phone, numbers masked, each with what keeps it', async () => {
    const found = await call<{ records: { kind: string; id: number; phone: string; keep_reason: string }[] }>(
      callers.admin,
      'POST',
      '/api/admin/subject',
      { who: PHONE },
    );
    expect(found.body.code).toBe(0);
    const records = found.body.data.records;
    expect(records.map((r) => `${r.kind}:${r.id}`).sort()).toEqual(
      [
        `case:${ids.rejected}`,
        `case:${ids.open}`,
        `house_client:${ids.house}`,
        `house_client:${ids.signedHouse}`,
        `referral:${ids.referral}`,
      ].sort(),
    );
    expect(JSON.stringify(found.body)).not.toContain(PHONE);
    expect(records.every((r) => r.phone === '138****5678')).toBe(true);
    const keep = Object.fromEntries(records.map((r) => [`${r.kind}:${r.id}`, r.keep_reason]));
    expect(keep[`case:${ids.rejected}`]).toBe('');
    expect(keep[`case:${ids.open}`]).toBe('报单办理中');
    expect(keep[`house_client:${ids.signedHouse}`]).not.toBe('');
    // By ID number: the disbursed case, kept for the company's years.
    const byId = await call<{ records: { id: number; keep_reason: string }[] }>(
      callers.admin,
      'POST',
      '/api/admin/subject',
      { who: ID.toLowerCase() },
    );
    expect(byId.body.data.records).toEqual([
      expect.objectContaining({ id: ids.disbursed, keep_reason: expect.stringContaining('5 年') }),
    ]);
  });

  it('exports everything held, in full, and logs it without the number', async () => {
    const exported = await call<{ file_name: string; records: { kind: string; fields: Record<string, unknown> }[] }>(
      callers.admin,
      'POST',
      '/api/admin/subject/export',
      { who: PHONE },
    );
    expect(exported.body).toMatchObject({ code: 0, data: { who: PHONE } });
    expect(exported.body.data.records).toHaveLength(5);
    expect(exported.body.data.records.find((r) => r.kind === 'case')?.fields).toMatchObject({
      phone: PHONE,
      bankCard: '6225880000000099',
    });
    expect(JSON.stringify(exported.body)).not.toContain('B公司机密');
    const [line] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.corpId, corpA.id), eq(auditLog.action, 'subject.export')));
    expect(line?.actorId).toBe(callers.adminA.id);
    expect(JSON.stringify(line?.after)).not.toContain(PHONE);
  });

  it('refuses bad input', async () => {
    for (const who of ['', '1381234', 'abc', '12345678901234567890']) {
      const answer = await call(callers.admin, 'POST', '/api/admin/subject/erase', { who });
      expect(answer.body.code).not.toBe(0);
    }
    const none = await call(callers.admin, 'POST', '/api/admin/subject/erase', {});
    expect(none.body).toMatchObject({ msg: '请填写手机号或身份证号' });
  });

  it('refuses every caller but the company admin, and never reaches another company', async () => {
    const agent = await createBrokerageUser(test.db, corpA.id, owner.id, { phone: '13900009999' });
    const others = {
      plain: callers.plain,
      partner: callers.partner,
      agent: await sessionCookie(test, { kind: 'channel', corpId: corpA.id, channelAgentId: agent.id }),
      visitor: await sessionCookie(test, { kind: 'visitor', corpId: corpA.id, openid: 'o-retention' }),
    };
    for (const [who, cookie] of Object.entries(others))
      for (const path of ['/api/admin/subject', '/api/admin/subject/export', '/api/admin/subject/erase']) {
        const answer = await call(cookie, 'POST', path, { who: PHONE });
        expect([who, path, answer.status]).toEqual([who, path, 403]);
      }
    // B's admin finds nothing of A's, and erasing the same phone touches B's own record only.
    const found = await call<{ records: unknown[] }>(callers.otherAdmin, 'POST', '/api/admin/subject', { who: ID });
    expect(found.body.data.records).toEqual([]);
    const exported = await call(callers.otherAdmin, 'POST', '/api/admin/subject/export', { who: ID });
    expect(exported.status).toBe(404);
    const [rejected] = await test.db.select().from(clients).where(eq(clients.id, ids.rejected));
    expect(rejected?.phone).toBe(PHONE);
  });

  it('erases what no duty keeps, keeps the rest, and logs it', async () => {
    const imageOf = (of: { clientId?: number; houseClientId?: number }) =>
      createImageRow(test.db, {
        corpId: corpA.id,
        ownerKind: of.clientId ? 'case' : 'house_client',
        uploaderId: owner.id,
        ...of,
      });
    const images = {
      rejected: (await imageOf({ clientId: ids.rejected })).id,
      open: (await imageOf({ clientId: ids.open })).id,
      house: (await imageOf({ houseClientId: ids.house })).id,
    };
    // A brokerage order on the unsigned house client would keep it: none here.
    expect(
      await test.db.select().from(houseBrokerageOrders).where(eq(houseBrokerageOrders.houseClientId, ids.house)),
    ).toEqual([]);
    const erased = await call<{ erased: number; kept: number }>(callers.admin, 'POST', '/api/admin/subject/erase', {
      who: PHONE,
    });
    expect(erased.body).toMatchObject({
      code: 0,
      data: { erased: 3, kept: 2 },
      msg: '已删除 3 条，2 条因保存义务保留',
    });
    const phoneOf = async (id: number) => (await test.db.select().from(clients).where(eq(clients.id, id)))[0]?.phone;
    expect(await phoneOf(ids.rejected)).toBe('');
    // The erased records' images went with them (no longer served, stored objects removed); the kept ones' stay.
    const image = async (id: number) => (await test.db.select().from(files).where(eq(files.id, id)))[0];
    expect(await image(images.rejected)).toMatchObject({ erasedAt: clock, storageKey: '', thumbKey: '' });
    expect(await image(images.house)).toMatchObject({ erasedAt: clock, storageKey: '' });
    expect(await image(images.open)).toMatchObject({ erasedAt: null, storageKey: expect.stringMatching(/./) });
    expect(await phoneOf(ids.open)).toBe(PHONE);
    const [referral] = await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.id, ids.referral));
    expect(referral).toMatchObject({ phone: '', name: '（已删除）', status: 3 });
    // What is left: the open case and the signed house client, each with its reason.
    const left = await call<{ records: { kind: string; keep_reason: string }[] }>(
      callers.admin,
      'POST',
      '/api/admin/subject',
      { who: PHONE },
    );
    expect(left.body.data.records.map((r) => r.kind).sort()).toEqual(['case', 'house_client']);
    expect(left.body.data.records.every((r) => r.keep_reason !== '')).toBe(true);
    const [line] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.corpId, corpA.id), eq(auditLog.action, 'subject.erase')));
    expect(line?.after).toMatchObject({ who: '138****5678', erased: expect.arrayContaining([`case:${ids.rejected}`]) });
    // B's record of the same phone is untouched.
    const [bCase] = await clientsWith(test.db, { corpId: corpB.id, phone: PHONE });
    expect(bCase?.name).toBe('B公司机密');
  });
});

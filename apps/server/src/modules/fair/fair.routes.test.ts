import { describe, expect, it } from 'vitest';
import type { FairCheckin, FairSignin } from '@crm/domain/api/fair';
import { fairs } from '../../db/schema/fair.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, insertRow } from '../../test/factories.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { postForm } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';

type Body<T> = { code: number; msg: string; data: T };
// 17:30 in UTC is 01:30 the next morning in China: the check-in counts for 2026-03-03.
let clock = new Date('2026-03-02T17:30:00Z');
const test = testAppForFile({ now: () => clock });

const createFair = (corpId: number, startsOn: string, endsOn: string, name = '春季家装博览会') =>
  insertRow(test.db, fairs, { corpId, name, venue: '国家会展中心 2号馆 B12', startsOn, endsOn }, 'fair');

async function signin(person: { corpId: number; id: number }) {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/crm/fairSignin',
    headers: { cookie: await staffCookie(test, person) },
  });
  return { status: response.statusCode, body: response.json<Body<FairSignin>>() };
}

async function checkin(cookie: string, fairId: number | string) {
  const response = await postForm(test.app, '/api/crm/fairCheckin', { fair_id: fairId }, { cookie });
  return { status: response.statusCode, body: response.json<Body<FairCheckin | null>>() };
}

describe('fair check-in (/business/signin)', () => {
  it("lists today's fairs in China's day, checks in once a day, and shows who came", async () => {
    clock = new Date('2026-03-02T17:30:00Z');
    const corp = await createCompany(test.db);
    const me = await createStaff(test.db, corp.id, { name: '王小明' });
    const colleague = await createStaff(test.db, corp.id, { name: '李建国' });
    const fair = await createFair(corp.id, '2026-03-03', '2026-03-05');
    await createFair(corp.id, '2026-03-04', '2026-03-06', '还没开始的展会');
    await createFair(corp.id, '2026-02-01', '2026-03-02', '昨天结束的展会');
    await createFair((await createCompany(test.db)).id, '2026-03-01', '2026-03-09', '别家公司的展会');

    const before = await signin(me);
    expect(before.body).toMatchObject({ code: 0, data: { day: '2026-03-03' } });
    expect(before.body.data.fairs).toEqual([
      {
        id: fair.id,
        name: '春季家装博览会',
        venue: '国家会展中心 2号馆 B12',
        starts_on: '2026-03-03',
        ends_on: '2026-03-05',
        my_checked_in_at: null,
        roster: [],
      },
    ]);

    const first = await checkin(await staffCookie(test, me), fair.id);
    expect(first.body).toEqual({
      code: 0,
      msg: '签到成功',
      data: { fair_id: fair.id, day: '2026-03-03', checked_in_at: clock.toISOString(), already: false },
    });
    const checkedAt = clock.toISOString();
    clock = new Date('2026-03-03T01:00:00Z');
    const again = await checkin(await staffCookie(test, me), fair.id);
    expect(again.body).toMatchObject({ code: 0, msg: '今日已签到', data: { already: true, checked_in_at: checkedAt } });
    await checkin(await staffCookie(test, colleague), fair.id);

    const after = await signin(colleague);
    expect(after.body.data.fairs[0]?.my_checked_in_at).toBe(clock.toISOString());
    expect(after.body.data.fairs[0]?.roster.map((row) => row.staff_name)).toEqual(['王小明', '李建国']);

    // The next China day is a new check-in.
    clock = new Date('2026-03-03T16:00:00Z');
    expect((await checkin(await staffCookie(test, me), fair.id)).body.data).toMatchObject({
      day: '2026-03-04',
      already: false,
    });
  });

  it('answers an empty list on a day without fairs', async () => {
    clock = new Date('2026-03-03T16:00:00Z');
    const corp = await createCompany(test.db);
    expect((await signin(await createStaff(test.db, corp.id))).body).toEqual({
      code: 0,
      msg: 'ok',
      data: { day: '2026-03-04', fairs: [] },
    });
  });

  it.each(['', 'abc', '0', '-1', '2.5', '99999999999'])('refuses the fair id %j with the envelope', async (id) => {
    const corp = await createCompany(test.db);
    const { status, body } = await checkin(await staffCookie(test, await createStaff(test.db, corp.id)), id);
    expect(status).toBeLessThan(500);
    expect(body.code).not.toBe(0);
    expect(body.msg).toMatch(/展会编号无效|编号超出范围/);
  });

  it('refuses a check-in at a fair not running today', async () => {
    clock = new Date('2026-03-02T03:00:00Z');
    const corp = await createCompany(test.db);
    const fair = await createFair(corp.id, '2026-03-10', '2026-03-12');
    const { status, body } = await checkin(await staffCookie(test, await createStaff(test.db, corp.id)), fair.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ msg: '该展会今天不在举办期内，无法签到', data: null });
    expect(body.code).not.toBe(0);
  });

  it('is not open to another company, a rebate-only user, a partner, or no session', async () => {
    clock = new Date('2026-03-02T03:00:00Z');
    const corp = await createCompany(test.db);
    const owner = await createStaff(test.db, corp.id);
    const fair = await createFair(corp.id, '2026-03-01', '2026-03-05');

    const stranger = await createStaff(test.db, (await createCompany(test.db)).id);
    expect(await checkin(await staffCookie(test, stranger), fair.id)).toMatchObject({
      status: 404,
      body: { msg: '展会不存在', data: null },
    });
    expect((await signin(stranger)).body.data.fairs).toEqual([]);

    const rebateOnly = await createStaff(test.db, corp.id, { jobs: [6] });
    expect((await checkin(await staffCookie(test, rebateOnly), fair.id)).status).toBe(403);
    expect((await signin(rebateOnly)).status).toBe(403);

    const partner = await createPartner(test.db, owner);
    const partnerCookie = await sessionCookie(test, { kind: 'partner', corpId: corp.id, partnerId: partner.id });
    expect((await checkin(partnerCookie, fair.id)).status).toBe(403);
    const partnerList = await test.app.inject({
      method: 'GET',
      url: '/api/crm/fairSignin',
      headers: { cookie: partnerCookie },
    });
    expect(partnerList.statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/crm/fairSignin' })).statusCode).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppAt } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { createFiling } from '../../test/factories-groupsend.ts';

/*
 * WeCom's four group messages a month per customer, under group sends made at the same moment (decision 080): the
 * creation locks the customers' files, so each counts the others. It proves something in the PostgreSQL pass of
 * .ci/run (PGlite runs one transaction at a time) and passes on PGlite too.
 */
const test = testAppAt('2026-11-28T02:00:00Z');
const call = cookieCaller(() => test.app);

async function company(customers: number) {
  const corp = await createCompany(test.db);
  const admin = await createAdmin(test.db, corp.id, { name: '管理员' });
  const owner = await createStaff(test.db, corp.id, { name: '张三', wxworkId: `zs${corp.id}` });
  const files = [];
  for (let i = 0; i < customers; i += 1)
    files.push(await createFiling(test.db, owner, { name: `客户${i}`, tags: ['race'] }));
  return { corp, cookie: await staffCookie(test, admin), files };
}

type Made = { code: number; msg: string; data: { customers: { filing_id: number }[] } };
const send = (cookie: string, text: string, exclude: boolean) =>
  call<Made['data']>(cookie, 'POST', '/api/crm/groupSend/create', {
    tags: ['race'],
    text,
    exclude_over_limit: exclude,
  });

/** Each file's group messages of the month that hold its quota. */
async function held(corpId: number) {
  const rows = await test.db.execute<{ filing_id: number; n: number }>(
    sql`select filing_id, count(*)::int as n from group_send_recipients
        where corp_id = ${corpId} and month = '2026-11' and status in (0, 1) group by filing_id`,
  );
  return rows.rows.map((r) => r.n);
}

describe('four a month under concurrent group sends', () => {
  it('two sends at once to customers at three: one gets them, the other leaves them out', async () => {
    const { corp, cookie, files } = await company(3);
    for (let i = 0; i < 3; i += 1) expect((await send(cookie, `第${i + 1}条`, false)).body.code).toBe(0);
    const answers = await Promise.all([send(cookie, '甲', true), send(cookie, '乙', true)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.body.code === 1)?.body.msg).toBe(
      '没有可以发送的客户：筛选出的客户本月都已收满，或其负责人未绑定企业微信',
    );
    expect(await held(corp.id)).toEqual(files.map(() => 4));
  });

  it('six sends at once to fresh customers: four go through for each, none is pushed past four', async () => {
    const { corp, cookie, files } = await company(5);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(cookie, `并发${i}`, i % 2 === 0)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(4);
    // Those that did not agree to leave customers out are told how many are full; the others that nobody is left.
    for (const a of answers.filter((x) => x.body.code !== 0))
      expect(a.body.msg).toMatch(/^有 5 位客户本月已收满 4 条群发消息|^没有可以发送的客户/);
    expect(await held(corp.id)).toEqual(files.map(() => 4));
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsCodes } from '../../db/schema/auth.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';

/*
 * The per-company ceiling on SMS codes (decision 001) under a burst: staff of one company asking at once,
 * each from their own address, so only the company's count stands between them and the provider. Proven in
 * the PostgreSQL pass (PGlite runs one query at a time); it passes on PGlite too.
 */
const clock = new Date('2026-11-21T08:00:00Z');
const test = testAppForFile({ now: () => clock, config: { SMS_PER_COMPANY_PER_HOUR: '5' } });

describe('the per-company SMS ceiling', () => {
  it('sends exactly the ceiling when twelve of its staff ask at once, and says when to try again', async () => {
    const corp = await createCompany(test.db);
    const people = await Promise.all(Array.from({ length: 12 }, () => createStaff(test.db, corp.id)));
    const answers = await Promise.all(
      people.map((person, i) => postForm(test.app, '/common/smsCode', { phone: person.phone }, { ip: `10.20.${i}.1` })),
    );
    const bodies = answers.map((a) => a.json<{ code: number; msg: string }>());
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(5);
    const refused = bodies.filter((b) => b.code !== 0);
    expect(refused).toHaveLength(7);
    for (const body of refused) expect(body.msg).toBe('本公司本小时发送的验证码已达上限，请 1 小时后再试');
    expect(await test.db.select().from(smsCodes).where(eq(smsCodes.corpId, corp.id))).toHaveLength(5);
    expect(test.sms.sent.filter((s) => people.some((p) => p.phone === s.phone))).toHaveLength(5);

    // Another company's staff are not held by it.
    const other = await createCompany(test.db);
    const outsider = await createStaff(test.db, other.id);
    const theirs = await postForm(test.app, '/common/smsCode', { phone: outsider.phone }, { ip: '10.30.0.1' });
    expect(theirs.json<{ code: number }>().code).toBe(0);
  });
});

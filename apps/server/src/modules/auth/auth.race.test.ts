import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, smsCodes } from '../../db/schema/auth.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService, SMS_RULES, smsPhoneHash } from './auth.service.ts';

/*
 * Bursts of concurrent requests against the SMS limits and the wrong-tries counter. They prove something
 * only in the PostgreSQL pass (PGlite runs one query at a time); they pass on PGlite too, so they run there.
 */
const clock = new Date('2026-11-21T08:00:00Z');
let corpId = 0;
const test = testAppForFile({ now: () => clock });
beforeAll(async () => {
  corpId = (await createCompany(test.db)).id;
});

const codesOf = (phone: string) =>
  test.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phoneHash, smsPhoneHash(test.config.sessionSecret, phone)));

describe('POST /common/smsCode under a burst', () => {
  it('sends one code when five requests for one phone arrive at once', async () => {
    const person = await createStaff(test.db, corpId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postForm(test.app, '/common/smsCode', { phone: person.phone })),
    );
    expect(answers.filter((a) => a.json<{ code: number }>().code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    expect(test.sms.sent.filter((s) => s.phone === person.phone)).toHaveLength(1);
    expect(await codesOf(person.phone)).toHaveLength(1);
  });

  it('keeps the daily limit when the last allowed code is asked for five times at once', async () => {
    const person = await createStaff(test.db, corpId);
    // Nine codes today, the newest two minutes ago: one more may go.
    await test.db.insert(smsCodes).values(
      Array.from({ length: SMS_RULES.perPhonePerDay - 1 }, (_, i) => ({
        phoneHash: smsPhoneHash(test.config.sessionSecret, person.phone),
        codeHash: 'x',
        ip: '10.0.0.1',
        createdAt: new Date(clock.getTime() - (i + 2) * 120_000),
        expiresAt: new Date(clock.getTime() - (i + 2) * 120_000 + SMS_RULES.codeTtlMs),
        usedAt: clock,
      })),
    );
    await Promise.all(Array.from({ length: 5 }, () => postForm(test.app, '/common/smsCode', { phone: person.phone })));
    expect(test.sms.sent.filter((s) => s.phone === person.phone)).toHaveLength(1);
    expect(await codesOf(person.phone)).toHaveLength(SMS_RULES.perPhonePerDay);
  });

  it('keeps the per-address limit when one address asks for many phones at once', async () => {
    const ip = '10.9.9.9';
    await test.db.insert(smsCodes).values(
      Array.from({ length: SMS_RULES.perIpPerHour - 2 }, (_, i) => ({
        phoneHash: smsPhoneHash(test.config.sessionSecret, `1300000${String(i).padStart(4, '0')}`),
        codeHash: 'x',
        ip,
        createdAt: new Date(clock.getTime() - 600_000),
        expiresAt: new Date(clock.getTime() - 300_000),
      })),
    );
    const phones = Array.from({ length: 8 }, (_, i) => `1310000${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(phones.map((phone) => postForm(test.app, '/common/smsCode', { phone }, { ip })));
    expect(answers.filter((a) => a.json<{ code: number }>().code === 0)).toHaveLength(2);
    // The refused say when: the oldest counted code (10 minutes ago) leaves the hour in 50 minutes.
    for (const refused of answers.filter((a) => a.json<{ code: number }>().code !== 0))
      expect(refused.json<{ msg: string }>().msg).toBe('本网络发送验证码过于频繁，请 50 分钟后再试');
    const rows = await test.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, new Date(clock.getTime() - 3_600_000))));
    expect(rows).toHaveLength(SMS_RULES.perIpPerHour);
  });
});

describe('POST /api/crm/login under a burst of wrong codes', () => {
  it('counts at most five wrong tries and spends the code', async () => {
    const person = await createStaff(test.db, corpId);
    expect((await postForm(test.app, '/common/smsCode', { phone: person.phone })).json<{ code: number }>().code).toBe(
      0,
    );
    const right = test.sms.lastCodeFor(person.phone) ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        postForm(test.app, '/api/crm/login', { corp_id: corpId, phone: person.phone, code: wrong, wxworkid: null }),
      ),
    );
    expect(answers.every((a) => a.json<{ code: number }>().code !== 0)).toBe(true);
    const [row] = await codesOf(person.phone);
    expect(row?.failedAttempts).toBe(SMS_RULES.maxFailedAttempts);
    expect(row?.usedAt).not.toBeNull();
    const late = await postForm(test.app, '/api/crm/login', {
      corp_id: corpId,
      phone: person.phone,
      code: right,
      wxworkid: null,
    });
    expect(late.json<{ code: number }>().code).not.toBe(0);
  });
});

describe('sweepExpired', () => {
  it('deletes expired sessions and codes older than a day, and keeps live ones', async () => {
    const person = await createStaff(test.db, corpId);
    const day = 86_400_000;
    const hours = (h: number) => new Date(clock.getTime() + h * 3_600_000);
    await test.db.insert(sessions).values([
      { tokenHash: 'sweep-expired', corpId, staffId: person.id, createdAt: hours(-30), expiresAt: hours(-1) },
      { tokenHash: 'sweep-live', corpId, staffId: person.id, createdAt: hours(-1), expiresAt: hours(5) },
    ]);
    const code = (createdAt: Date, usedAt: Date | null) => ({
      phoneHash: smsPhoneHash(test.config.sessionSecret, person.phone),
      codeHash: 'x',
      ip: '10.1.1.1',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + SMS_RULES.codeTtlMs),
      usedAt,
    });
    // Two past the daily window (one used, one never used) go; today's, used or not, still count for the limits.
    await test.db
      .insert(smsCodes)
      .values([
        code(hours(-25), hours(-25)),
        code(hours(-48), null),
        code(hours(-2), hours(-2)),
        code(hours(-3), null),
      ]);
    const auth = createAuthService({
      repo: createAuthRepository(test.db),
      staff: createStaffRepository(test.db),
      sms: test.sms.adapter,
      secret: test.config.sessionSecret,
      sessionTtlMs: day,
      now: () => clock,
    });
    const swept = await auth.sweepExpired();
    expect(swept.smsCodes).toBeGreaterThanOrEqual(2);
    const left = await test.db.select().from(sessions).where(eq(sessions.staffId, person.id));
    expect(left.map((s) => s.tokenHash)).toEqual(['sweep-live']);
    expect(await codesOf(person.phone)).toHaveLength(2);
  });
});

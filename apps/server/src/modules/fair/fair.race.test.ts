import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fairCheckins, fairs } from '../../db/schema/fair.ts';
import { testAppAt } from '../../test/build-test-app.ts';
import { createCompany, createStaff, insertRow } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * One check-in per person, fair and China day (decision 051), also when a double tap sends several. Proves
 * something only in the PostgreSQL pass (PGlite runs one query at a time); passes on PGlite too. Without
 * the unique index `fair_checkins_one_per_day` PostgreSQL writes one row per request.
 */
const test = testAppAt('2026-03-02T03:00:00Z');

describe('fair check-in under concurrent taps', () => {
  it('six check-ins at once write one row; one answers 签到成功, the rest 今日已签到 with its time', async () => {
    const corp = await createCompany(test.db);
    const me = await createStaff(test.db, corp.id);
    const fair = await insertRow(
      test.db,
      fairs,
      { corpId: corp.id, name: '展会', startsOn: '2026-03-01', endsOn: '2026-03-03' },
      'fair',
    );
    const cookie = await staffCookie(test, me);
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        (await postForm(test.app, '/api/crm/fairCheckin', { fair_id: fair.id }, { cookie })).json<{
          code: number;
          msg: string;
          data: { already: boolean; checked_in_at: string };
        }>(),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(answers.filter((a) => !a.data.already)).toHaveLength(1);
    expect(answers.filter((a) => a.data.already).every((a) => a.msg === '今日已签到')).toBe(true);
    expect(new Set(answers.map((a) => a.data.checked_in_at)).size).toBe(1);
    expect(await test.db.select().from(fairCheckins).where(eq(fairCheckins.fairId, fair.id))).toHaveLength(1);
  });
});

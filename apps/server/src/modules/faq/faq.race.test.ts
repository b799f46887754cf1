import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { importDemoFaq } from '../../test/factories-faq.ts';
import { postForBody } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The copilot's per-staff limit under concurrent questions (decision 053). Proves something only in the
 * PostgreSQL pass (PGlite runs one query at a time); it passes there too. Without the conditional upsert
 * (count < limit in ON CONFLICT … WHERE), reading the count and then writing it lets a burst through.
 */
const test = testAppForFile({ now: () => new Date('2026-06-15T04:00:10Z'), config: { COPILOT_PER_MINUTE: '3' } });

describe('the copilot rate limit under a burst', () => {
  it('answers exactly the limit of twelve questions sent at once, and refuses the rest with 429', async () => {
    const corp = await createCompany(test.db);
    await importDemoFaq(test.db, corp.id);
    const person = await createStaff(test.db, corp.id);
    const cookie = await staffCookie(test, person);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        postForBody<{ code: number; msg: string }>(
          test.app,
          '/api/crm/faqCopilot',
          { question: '补件要什么材料' },
          { cookie },
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(3);
    const refused = answers.filter((a) => a.body.code !== 0);
    expect(refused.every((a) => a.status === 429 && a.body.msg === '提问太频繁，请50秒后再试')).toBe(true);
    // Another person has their own budget.
    const other = await staffCookie(test, await createStaff(test.db, corp.id));
    const theirs = await postForBody<{ code: number }>(
      test.app,
      '/api/crm/faqCopilot',
      { question: '补件要什么材料' },
      { cookie: other },
    );
    expect(theirs.body.code).toBe(0);
  });
});

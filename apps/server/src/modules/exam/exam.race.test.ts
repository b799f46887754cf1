import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examAttempts } from '../../db/schema/exam.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { CHOICES_ONLY, createPaper } from '../../test/factories-exam.ts';
import { expectBurst, postForBody } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The exam centre's invariants under concurrent requests (decision 050): an attempt is graded once, a person
 * has one open attempt of an exam, and one response to a questionnaire. They prove something only in the
 * PostgreSQL pass of .ci/run (PGlite runs one query at a time); they pass on PGlite too, so they run there.
 */
type Body = { code: number; msg: string; data: { id: number } | null };
const test = testAppForFile();

async function candidate() {
  const corp = await createCompany(test.db);
  const person = await createStaff(test.db, corp.id);
  return { corp, person, cookie: await staffCookie(test, person) };
}
const call = async (cookie: string, url: string, fields: Record<string, string | number>) =>
  (await postForBody<Body>(test.app, `/api/crm/${url}`, fields, { cookie })).body;

const attemptsOf = (corpId: number, paperId: number) =>
  test.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.corpId, corpId), eq(examAttempts.paperId, paperId)));

describe('exam invariants under concurrent requests', () => {
  it('six submissions of one attempt at once: graded once, the others hear 该答卷已交卷', async () => {
    const { corp, cookie } = await candidate();
    const paper = await createPaper(test.db, corp.id, { questions: CHOICES_ONLY });
    const attempt = await call(cookie, 'paperStart', { id: paper.id });
    const bodies = await Promise.all(
      Array.from({ length: 6 }, () => call(cookie, 'paperSubmit', { attempt_id: attempt.data!.id })),
    );
    expectBurst(bodies, 1, '该答卷已交卷');
    const [row] = await attemptsOf(corp.id, paper.id);
    expect(row).toMatchObject({ status: 'graded', score: 0 });
  });

  it('six starts of one exam at once: one open attempt, every answer names it', async () => {
    const { corp, cookie } = await candidate();
    const paper = await createPaper(test.db, corp.id, { questions: CHOICES_ONLY, maxAttempts: 5 });
    const bodies = await Promise.all(Array.from({ length: 6 }, () => call(cookie, 'paperStart', { id: paper.id })));
    expect(bodies.every((b) => b.code === 0)).toBe(true);
    expect(new Set(bodies.map((b) => b.data?.id)).size).toBe(1);
    expect(await attemptsOf(corp.id, paper.id)).toHaveLength(1);
  });

  it('six starts of one questionnaire at once: one response', async () => {
    const { corp, cookie } = await candidate();
    const survey = await createPaper(test.db, corp.id, {
      kind: 'survey',
      timeLimitSec: null,
      questions: [{ type: 'single', text: '满意吗', options: ['是', '否'], answer: [] }],
    });
    const bodies = await Promise.all(Array.from({ length: 6 }, () => call(cookie, 'paperStart', { id: survey.id })));
    expect(bodies.every((b) => b.code === 0)).toBe(true);
    expect(await attemptsOf(corp.id, survey.id)).toHaveLength(1);
  });
});

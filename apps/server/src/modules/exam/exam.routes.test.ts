import { and, eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts } from '../../db/schema/exam.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { teamWorld } from '../../test/sales-world.ts';
import { CHOICES_ONLY, createAttempt, createPaper } from '../../test/factories-exam.ts';
import { getForBody, postForBody } from '../../test/http.ts';
import { newPartnerCookie, staffCookie } from '../../test/sessions.ts';
import { createExamRepository } from './exam.repository.ts';
import { parsePaperFile, storedQuestions } from './paper-file.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type Question = { id: number; type: string; options: { key: number; text: string }[] };
type AttemptData = {
  id: number;
  remaining_ms: number | null;
  questions: Question[];
  answers: { question_id: number; choice: number[]; text: string }[];
};

let test: TestApp;
beforeAll(async () => {
  // The service's clock plays no part: deadlines are the database's.
  test = await buildTestApp();
});
afterAll(() => test.close());

const post = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  fields: Record<string, string | number>,
) => postForBody<Body<T>>(test.app, `/api/crm/${url}`, fields, cookie ? { cookie } : {});
const get = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  query: Record<string, string | number> = {},
) => getForBody<Body<T>>(test.app, `/api/crm/${url}`, query, { cookie });

/** teamWorld, and a partner in the salesperson's network (exams are staff only). */
async function world() {
  const w = await teamWorld(test);
  return { ...w, cookies: { ...w.cookies, partner: await newPartnerCookie(test, w.sales) } };
}

const start = (cookie: string, id: number) => post<AttemptData>(cookie, 'paperStart', { id });

/** The right keys of each authored question of EVERY_KIND, by question text. */
const RIGHT: Record<string, string> = { 单选题: '1', 多选题: '0,2', 判断题: '0', 简答题: '我的回答' };

describe('taking an exam', () => {
  it('starts an attempt with a deadline from the database, shuffled, and without the answer key', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { timeLimitSec: 600 });
    const { status, body } = await start(w.cookies.sales, paper.id);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const data = body.data!;
    expect(data.remaining_ms).toBeGreaterThan(590_000);
    expect(data.remaining_ms).toBeLessThanOrEqual(600_000);
    expect(data.questions.map((q) => q.id).sort()).toEqual(paper.questions.map((q) => q.id).sort());
    // The stored order is this attempt's shuffle; the key and the reference are nowhere in the answer.
    const raw = JSON.stringify(body);
    expect(raw).not.toMatch(/"answer"|"correct"|"reference"|参考答案/);
    // Resuming answers the same attempt and order.
    const again = await start(w.cookies.sales, paper.id);
    expect(again.body.data!.id).toBe(data.id);
    expect(again.body.data!.questions.map((q) => q.id)).toEqual(data.questions.map((q) => q.id));
  });

  it('no response before hand-in carries the answer key or the reference', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { showAnswers: true });
    const bodies: string[] = [];
    const keep = <T extends { raw?: string; body: unknown }>(r: T) => {
      bodies.push(r.raw ?? JSON.stringify(r.body));
      return r;
    };
    keep(await get(w.cookies.sales, 'paperList'));
    keep(await get(w.cookies.sales, 'paperDetail', { id: paper.id }));
    const attempt = keep(await start(w.cookies.sales, paper.id)).body.data!;
    for (const q of paper.questions)
      keep(
        await post(w.cookies.sales, 'paperAnswer', {
          attempt_id: attempt.id,
          question_id: q.id,
          answer: RIGHT[q.text] ?? '',
        }),
      );
    keep(await start(w.cookies.sales, paper.id));
    keep(await get(w.cookies.sales, 'paperDetail', { id: paper.id }));
    keep(await get(w.cookies.sales, 'answerList'));
    keep(await get(w.cookies.sales, 'answerDetail', { id: attempt.id }));
    expect(bodies).toHaveLength(3 + paper.questions.length + 4);
    for (const body of bodies) {
      expect(body).not.toContain('参考答案');
      expect(body).not.toMatch(/"answer":|"correct":\[|"reference":"/);
    }
  });

  it('a deadline never passes the paper’s close', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { timeLimitSec: 3600 });
    // Close in 2 minutes by the database's clock.
    await test.db.execute(
      sql.raw(`update exam_papers set closes_at = now() + interval '120 seconds' where id = ${paper.id}`),
    );
    const { body } = await start(w.cookies.sales, paper.id);
    expect(body.data!.remaining_ms).toBeLessThanOrEqual(120_000);
    expect(body.data!.remaining_ms).toBeGreaterThan(100_000);
  });

  it('saves answers one by one, resumes them, grades choices at hand-in and short answers by a marker', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { showAnswers: true, ownerId: w.leader.id });
    const attempt = (await start(w.cookies.sales, paper.id)).body.data!;
    for (const q of paper.questions) {
      const saved = await post(w.cookies.sales, 'paperAnswer', {
        attempt_id: attempt.id,
        question_id: q.id,
        answer: RIGHT[q.text] ?? '',
      });
      expect(saved.body).toMatchObject({ code: 0 });
    }
    const resumed = (await start(w.cookies.sales, paper.id)).body.data!;
    expect(resumed.answers).toHaveLength(4);

    // Before hand-in the detail carries no key either.
    const before = await get(w.cookies.sales, 'answerDetail', { id: attempt.id });
    expect(before.raw).not.toContain('参考答案');
    expect((before.body.data as { questions: { correct: unknown }[] }).questions.every((q) => q.correct === null)).toBe(
      true,
    );

    const submitted = await post(w.cookies.sales, 'paperSubmit', { attempt_id: attempt.id });
    expect(submitted.body).toMatchObject({ code: 0, msg: '交卷成功', data: { status: 'marking', score: null } });
    const again = await post(w.cookies.sales, 'paperSubmit', { attempt_id: attempt.id });
    expect(again.body).toMatchObject({ code: 1, msg: '该答卷已交卷' });
    const late = await post(w.cookies.sales, 'paperAnswer', {
      attempt_id: attempt.id,
      question_id: paper.questions[0]!.id,
      answer: '0',
    });
    expect(late.body).toMatchObject({ code: 1, msg: '该答卷已交卷' });

    // Waiting for marks: the candidate still sees no key.
    const waiting = await get(w.cookies.sales, 'answerDetail', { id: attempt.id });
    expect(waiting.body.data).toMatchObject({ status: 'marking', shows_answers: false });
    expect(waiting.raw).not.toContain('参考答案');

    // The leader finds it to mark, sees the reference, and marks it.
    const queue = await get<{ list: { id: number }[] }>(w.cookies.leader, 'answerList', { scope: 'mark' });
    expect(queue.body.data!.list.map((r) => r.id)).toContain(attempt.id);
    const forMarker = await get(w.cookies.leader, 'answerDetail', { id: attempt.id });
    expect(forMarker.body.data).toMatchObject({ can_mark: true, shows_answers: true });
    const shortQ = paper.questions.find((q) => q.type === 'short')!;
    const tooMany = await post(w.cookies.leader, 'answerMark', {
      attempt_id: attempt.id,
      question_id: shortQ.id,
      points: 26,
    });
    expect(tooMany.body).toMatchObject({ code: 1, msg: '分数不能超过该题满分' });
    const marked = await post(w.cookies.leader, 'answerMark', {
      attempt_id: attempt.id,
      question_id: shortQ.id,
      points: 20,
    });
    expect(marked.body).toMatchObject({ code: 0, data: { status: 'graded', score: 95, passed: true } });

    // Now the candidate sees the score and the key.
    const graded = await get<{ score: number; shows_answers: boolean; questions: { correct: number[] | null }[] }>(
      w.cookies.sales,
      'answerDetail',
      { id: attempt.id },
    );
    expect(graded.body.data).toMatchObject({ score: 95, shows_answers: true });
    const list = await get<{ state: string; id: number }[]>(w.cookies.sales, 'paperList');
    expect(list.body.data!.find((p) => p.id === paper.id)).toMatchObject({ state: 'passed' });
    const mine = await get<{ list: { id: number; score: number }[] }>(w.cookies.sales, 'answerList');
    expect(mine.body.data!.list).toEqual([expect.objectContaining({ id: attempt.id, score: 95 })]);
  });

  it('a paper without short answers is graded at hand-in; wrong choices score 0; the key stays hidden if the paper says so', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { questions: CHOICES_ONLY, passScore: 50, showAnswers: false });
    const attempt = (await start(w.cookies.sales, paper.id)).body.data!;
    const [single, multiple] = paper.questions;
    await post(w.cookies.sales, 'paperAnswer', { attempt_id: attempt.id, question_id: single!.id, answer: '1' });
    await post(w.cookies.sales, 'paperAnswer', { attempt_id: attempt.id, question_id: multiple!.id, answer: '0' });
    const submitted = await post(w.cookies.sales, 'paperSubmit', { attempt_id: attempt.id });
    expect(submitted.body).toMatchObject({ code: 0, data: { status: 'graded', score: 25, passed: false } });
    const detail = await get(w.cookies.sales, 'answerDetail', { id: attempt.id });
    expect(detail.body.data).toMatchObject({ shows_answers: false });
    expect(JSON.stringify(detail.body.data)).not.toMatch(/"correct":\[/);
    // One attempt allowed: starting again is refused.
    const again = await start(w.cookies.sales, paper.id);
    expect(again.body).toMatchObject({ code: 1, msg: '考试次数已用完' });
  });

  it('refuses an answer after the deadline plus the grace, and the hand-in sweep grades the attempt', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { questions: CHOICES_ONLY });
    const attempt = await createAttempt(test.db, paper, w.sales.id, -31);
    const late = await post(w.cookies.sales, 'paperAnswer', {
      attempt_id: attempt.id,
      question_id: paper.questions[0]!.id,
      answer: '1',
    });
    expect(late.body).toMatchObject({ code: 1, msg: '考试时间已到，答案未保存' });
    // Opening the list hands the overdue attempt in.
    await get(w.cookies.sales, 'paperList');
    const [row] = await test.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.corpId, w.corp.id), eq(examAttempts.id, attempt.id)));
    expect(row).toMatchObject({ status: 'graded', score: 0, passed: false });
  });

  it('takes an answer within the grace after the deadline', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, { questions: CHOICES_ONLY });
    const attempt = await createAttempt(test.db, paper, w.sales.id, -5);
    const saved = await post<{ remaining_ms: number }>(w.cookies.sales, 'paperAnswer', {
      attempt_id: attempt.id,
      question_id: paper.questions[0]!.id,
      answer: '1',
    });
    expect(saved.body).toMatchObject({ code: 0, data: { remaining_ms: 0 } });
  });

  it('refuses bad answers with a Chinese message', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id);
    const attempt = (await start(w.cookies.sales, paper.id)).body.data!;
    const single = paper.questions.find((q) => q.type === 'single')!;
    for (const [answer, msg] of [
      ['7', '选项无效'],
      ['0,1', '单选题只能选择一个选项'],
      ['x', '选项无效'],
    ] as const) {
      const { body } = await post(w.cookies.sales, 'paperAnswer', {
        attempt_id: attempt.id,
        question_id: single.id,
        answer,
      });
      expect(body).toMatchObject({ code: 1, msg });
    }
    const noId = await post(w.cookies.sales, 'paperAnswer', { attempt_id: 'abc', question_id: single.id, answer: '1' });
    expect(noId.body.code).not.toBe(0);
    expect(noId.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const noPaper = await start(w.cookies.sales, 2_147_483_647);
    expect(noPaper).toMatchObject({ status: 404, body: { msg: '试卷不存在' } });
  });
});

describe('who may see and touch an attempt', () => {
  it('refuses an answer or hand-in to another person’s attempt, and another company’s', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id);
    const attempt = (await start(w.cookies.sales, paper.id)).body.data!;
    const q = paper.questions[0]!.id;
    const answerAs = (cookie: string) =>
      post(cookie, 'paperAnswer', { attempt_id: attempt.id, question_id: q, answer: '1' });
    expect(await answerAs(w.cookies.colleague)).toMatchObject({ status: 403, body: { msg: '只能作答自己的试卷' } });
    expect(await answerAs(w.cookies.leader)).toMatchObject({ status: 403 });
    expect(await answerAs(w.cookies.outsider)).toMatchObject({ status: 404, body: { msg: '答卷不存在' } });
    expect(await answerAs(w.cookies.partner)).toMatchObject({ status: 403 });
    const submitAs = await post(w.cookies.colleague, 'paperSubmit', { attempt_id: attempt.id });
    expect(submitAs.status).toBe(403);
    // Reading: a colleague and another team's leader may not; another company's staff do not find it.
    expect((await get(w.cookies.colleague, 'answerDetail', { id: attempt.id })).status).toBe(403);
    expect((await get(w.cookies.stranger, 'answerDetail', { id: attempt.id })).status).toBe(403);
    expect((await get(w.cookies.outsider, 'answerDetail', { id: attempt.id })).status).toBe(404);
    expect((await get(w.cookies.leader, 'answerDetail', { id: attempt.id })).status).toBe(200);
    // Nobody marks their own attempt, nor one of another team.
    await post(w.cookies.sales, 'paperSubmit', { attempt_id: attempt.id });
    const shortQ = paper.questions.find((x) => x.type === 'short')!.id;
    expect(
      (await post(w.cookies.sales, 'answerMark', { attempt_id: attempt.id, question_id: shortQ, points: 1 })).status,
    ).toBe(403);
    expect(
      (await post(w.cookies.stranger, 'answerMark', { attempt_id: attempt.id, question_id: shortQ, points: 1 })).status,
    ).toBe(403);
    const bad = await post(w.cookies.leader, 'answerMark', { attempt_id: attempt.id, question_id: shortQ, points: -1 });
    expect(bad.body).toMatchObject({ code: 1, msg: '请填写 0 及以上的整数分' });
  });

  it('a paper assigned elsewhere is refused; team and job assignments resolve from the person', async () => {
    const w = await world();
    const forTeam = await createPaper(test.db, w.corp.id, { targets: [{ targetKind: 'team', targetId: w.team.id }] });
    const forJob = await createPaper(test.db, w.corp.id, { targets: [{ targetKind: 'job', targetId: 3 }] });
    const list = await get<{ id: number }[]>(w.cookies.sales, 'paperList');
    expect(list.body.data!.map((p) => p.id)).toContain(forTeam.id);
    expect(list.body.data!.map((p) => p.id)).not.toContain(forJob.id);
    expect(await start(w.cookies.sales, forJob.id)).toMatchObject({ status: 403, body: { msg: '该试卷未分配给你' } });
    expect(await start(w.cookies.stranger, forTeam.id)).toMatchObject({ status: 403 });
    expect(await start(w.cookies.outsider, forTeam.id)).toMatchObject({ status: 404 });
    expect((await get(w.cookies.partner, 'paperList')).status).toBe(403);
    expect((await get(undefined, 'paperList')).status).toBe(401);
    const service = await createStaff(test.db, w.corp.id, { jobs: [3] });
    const serviceList = await get<{ id: number }[]>(await staffCookie(test, service), 'paperList');
    expect(serviceList.body.data!.map((p) => p.id)).toContain(forJob.id);
  });

  it('the owner of a paper not assigned to them finds it to read its results, and cannot take it', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id, {
      ownerId: w.stranger.id,
      targets: [{ targetKind: 'team', targetId: w.team.id }],
    });
    const list = await get<{ id: number; state: string }[]>(w.cookies.stranger, 'paperList');
    expect(list.body.data!.find((p) => p.id === paper.id)).toMatchObject({ state: 'owned' });
    const detail = await get(w.cookies.stranger, 'paperDetail', { id: paper.id });
    expect(detail.body.data).toMatchObject({ can_start: false, can_view_results: true, blocked_reason: '' });
    expect(await start(w.cookies.stranger, paper.id)).toMatchObject({ status: 403 });
    expect((await get(w.cookies.stranger, 'paperStats', { id: paper.id })).body.code).toBe(0);
    // Not a to-do of theirs.
    const badge = await postForBody<Body<{ total: { exam: number } }>>(
      test.app,
      '/api/crm/userinfo',
      { id: w.stranger.id },
      { cookie: w.cookies.stranger },
    );
    expect(badge.body.data!.total.exam).toBe(0);
  });

  it('a paper not open yet or closed cannot be started', async () => {
    const w = await world();
    const paper = await createPaper(test.db, w.corp.id);
    await test.db.execute(sql.raw(`update exam_papers set opens_at = now() + interval '1 day' where id = ${paper.id}`));
    expect((await start(w.cookies.sales, paper.id)).body).toMatchObject({ code: 1, msg: '考试尚未开始' });
    await test.db.execute(
      sql.raw(`update exam_papers set opens_at = null, closes_at = now() - interval '1 second' where id = ${paper.id}`),
    );
    expect((await start(w.cookies.sales, paper.id)).body).toMatchObject({ code: 1, msg: '考试已截止' });
    const detail = await get(w.cookies.sales, 'paperDetail', { id: paper.id });
    expect(detail.body.data).toMatchObject({ state: 'closed', can_start: false, blocked_reason: '考试已截止' });
  });
});

describe('questionnaires', () => {
  it('one response per person; the owner sees counts per option, anonymously', async () => {
    const w = await world();
    const survey = await createPaper(test.db, w.corp.id, {
      kind: 'survey',
      anonymous: true,
      timeLimitSec: null,
      ownerId: w.leader.id,
      questions: [
        { type: 'single', text: '满意吗', options: ['满意', '一般'], answer: [] },
        { type: 'short', text: '建议', options: [], answer: [] },
      ],
    });
    const [single, short] = survey.questions;
    for (const [cookie, choice] of [
      [w.cookies.sales, '0'],
      [w.cookies.colleague, '1'],
    ] as const) {
      const started = await start(cookie, survey.id);
      if (!started.body.data) throw new Error(JSON.stringify(started.body));
      const attempt = started.body.data;
      expect(attempt.remaining_ms).toBeNull();
      await post(cookie, 'paperAnswer', { attempt_id: attempt.id, question_id: single!.id, answer: choice });
      await post(cookie, 'paperAnswer', { attempt_id: attempt.id, question_id: short!.id, answer: '多些案例' });
      expect((await post(cookie, 'paperSubmit', { attempt_id: attempt.id })).body).toMatchObject({
        code: 0,
        data: { status: 'graded', score: null },
      });
    }
    expect((await start(w.cookies.sales, survey.id)).body).toMatchObject({ code: 1, msg: '你已提交过该问卷' });
    const stats = await get<{ responses: number; questions: { options: { count: number }[]; texts: unknown[] }[] }>(
      w.cookies.leader,
      'paperStats',
      { id: survey.id },
    );
    expect(stats.body.data!.responses).toBe(2);
    expect(stats.body.data!.questions[0]!.options.map((o) => o.count)).toEqual([1, 1]);
    expect(stats.body.data!.questions[1]!.texts).toEqual([
      { text: '多些案例', staff_name: '匿名' },
      { text: '多些案例', staff_name: '匿名' },
    ]);
    expect(stats.raw).not.toContain(w.sales.name);
    // Anonymous: not even the owner opens a response.
    const responseId = (await get<{ list: { id: number }[] }>(w.cookies.sales, 'answerList')).body.data!.list[0]!.id;
    expect((await get(w.cookies.leader, 'answerDetail', { id: responseId })).status).toBe(403);
    // Only the owner reads results.
    expect((await get(w.cookies.sales, 'paperStats', { id: survey.id })).status).toBe(403);
    expect((await get(w.cookies.outsider, 'paperStats', { id: survey.id })).status).toBe(404);
  });
});

describe('the admin command’s loader', () => {
  it('loads the documented example into a company, resolving the team, the job and the phones, and reloads it', async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id, '销售一组');
    await createStaff(test.db, corp.id, { phone: '13800000002', teamId: team.id, isLeader: true });
    await createStaff(test.db, corp.id, { phone: '13800000008' });
    const member = await createStaff(test.db, corp.id, { teamId: team.id });
    const text = fs
      .readFileSync(
        path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../exam-papers/example-compliance.yaml'),
        'utf8',
      )
      // Open now, whatever day the test runs.
      .replace(/opens_at: .*\n/, '')
      .replace(/closes_at: .*\n/, '');
    const paper = parsePaperFile(text);
    const repo = createExamRepository(test.db);
    const id = await repo.loadPaper(corp.id, paper, storedQuestions(paper));
    expect(await repo.loadPaper(corp.id, paper, storedQuestions(paper))).not.toBe(id);
    const list = await get<{ id: number; title: string }[]>(await staffCookie(test, member), 'paperList');
    expect(list.body.data!.map((p) => p.title)).toEqual(['2027 年第一季度合规考试']);
    const newId = list.body.data![0]!.id;
    expect((await start(await staffCookie(test, member), newId)).body.code).toBe(0);
    await expect(repo.loadPaper(corp.id, paper, storedQuestions(paper))).rejects.toThrow('已有人作答');
  });
});

describe('the home badge', () => {
  it('counts exams assigned and not yet passed', async () => {
    const w = await world();
    await createPaper(test.db, w.corp.id, { questions: CHOICES_ONLY, passScore: 25 });
    const badge = async () =>
      (
        await postForBody<Body<{ total: { exam: number } }>>(
          test.app,
          '/api/crm/userinfo',
          { id: w.sales.id },
          { cookie: w.cookies.sales },
        )
      ).body.data!.total.exam;
    expect(await badge()).toBe(1);
    const paper = (await get<{ id: number }[]>(w.cookies.sales, 'paperList')).body.data![0]!;
    const attempt = (await start(w.cookies.sales, paper.id)).body.data!;
    const single = attempt.questions.find((q) => q.type === 'single')!;
    await post(w.cookies.sales, 'paperAnswer', { attempt_id: attempt.id, question_id: single.id, answer: '1' });
    await post(w.cookies.sales, 'paperSubmit', { attempt_id: attempt.id });
    expect(await badge()).toBe(0);
  });
});

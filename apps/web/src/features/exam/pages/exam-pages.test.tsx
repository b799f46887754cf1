import * as E from '@crm/domain/endpoints/exam';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on } from '../../../test/fake-api.ts';
import { findToast, LEADER, pageOf, renderPage, renderPageWith, tap } from '../../../test/page.ts';
import { aPaper, aPaperDetail, anAnswerDetail, anAnswerRow, anAttempt } from '../../../test/exam-data.ts';

describe('/exam/center', () => {
  it('lists my papers with where each stands; a row opens the paper', async () => {
    await renderPage('/exam/center', {
      api: [
        on(
          E.paperList,
          ok([aPaper(), aPaper({ id: 6, kind: 'survey', title: '培训问卷', state: 'done', state_label: '已提交' })]),
        ),
      ],
    });
    const link = await screen.findByRole('link', { name: /合规考试/ });
    expect(link.getAttribute('href')).toBe('/exam/paper/5');
    expect(link.textContent).toContain('待参加');
    // The whole row is the link (its facts too), a chevron at its end: not a 19 px title alone.
    expect(link.textContent).toContain('限时 20 分钟');
    expect(link.querySelector('.row-link__chevron')).not.toBeNull();
    expect((await screen.findByRole('link', { name: /培训问卷/ })).textContent).toContain('已提交');
  });

  it('says so when empty, and retries a failure', async () => {
    const page = await renderPage('/exam/center', { api: [on(E.paperList, network.offline())] });
    await page.retryFailedLoad(network.message, E.paperList, ok([]));
    expect(await screen.findByText('暂无试卷')).toBeTruthy();
  });
});

describe('/exam/paper/:id', () => {
  const renderPaper = renderPageWith('/exam/paper/5', { api: [on(E.paperDetail, ok(aPaperDetail()))] });

  it('starts after confirming, shows the countdown, saves each answer as chosen and hands in after confirming', async () => {
    const page = await renderPaper([
      on(E.paperStart, ok(anAttempt())),
      on(E.paperAnswer, ok({ saved_at: '2026-11-20T02:00:00.000Z', remaining_ms: 1_000_000 })),
      on(E.paperSubmit, ok({ id: 31, status: 'graded', status_label: '已出分', score: 70, passed: true }, '交卷成功')),
      on(E.answerDetail, ok(anAnswerDetail())),
    ]);
    await tap(await screen.findByRole('button', { name: '开始答题' }));
    expect(await screen.findByText(/开始后计时 20 分钟/)).toBeTruthy();
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(page.api.lastCall(E.paperStart).fields).toEqual({ id: '5' });
    expect((await screen.findByLabelText('剩余时间')).textContent).toMatch(/19:5\d/);
    await tap(screen.getByText('B. 身份证'));
    await waitFor(() =>
      expect(page.api.lastCall(E.paperAnswer).fields).toEqual({
        attempt_id: '31',
        question_id: '11',
        answer: '0',
      }),
    );
    await tap(screen.getByRole('button', { name: '交卷' }));
    expect(await screen.findByText('还有 2 题未作答，确定交卷吗？交卷后不能修改。')).toBeTruthy();
    // The start dialog may still be closing: the hand-in's is the last one.
    await tap(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await findToast('交卷成功');
    expect(page.api.lastCall(E.paperSubmit).fields).toEqual({ attempt_id: '31' });
    await waitFor(() => expect(page.pathname()).toBe('/exam/detail/31'));
  });

  it('resumes an open attempt by itself, keeps an answer chosen offline and sends it when back online', async () => {
    const page = await renderPaper([
      on(E.paperDetail, ok(aPaperDetail({ state: 'in_progress', state_label: '答题中' }))),
      on(E.paperStart, ok(anAttempt({ answers: [{ question_id: 11, choice: [0], text: '' }], remaining_ms: 300_000 }))),
      on(E.paperAnswer, network.offline()),
    ]);
    expect((await screen.findByLabelText('剩余时间')).textContent).toMatch(/0[45]:\d\d/);
    expect(screen.getByText('已答 1/3')).toBeTruthy();
    await tap(screen.getByText('错误'));
    expect((await screen.findAllByText('1 题未保存，网络恢复后自动保存')).length).toBeGreaterThan(0);
    page.api.set([on(E.paperAnswer, ok({ saved_at: '2026-11-20T02:00:00.000Z', remaining_ms: 200_000 }))]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryAllByText('1 题未保存，网络恢复后自动保存')).toHaveLength(0));
    expect(page.api.lastCall(E.paperAnswer).fields).toEqual({
      attempt_id: '31',
      question_id: '12',
      answer: '1',
    });
  });

  it('hands in by itself when the time is up', async () => {
    const page = await renderPaper([
      on(E.paperDetail, ok(aPaperDetail({ state: 'in_progress' }))),
      on(E.paperStart, ok(anAttempt({ remaining_ms: 0 }))),
      on(E.paperSubmit, ok({ id: 31, status: 'graded', status_label: '已出分', score: 0, passed: false })),
      on(E.answerDetail, ok(anAnswerDetail())),
    ]);
    await findToast('时间到，已自动交卷');
    expect(page.api.callsTo(E.paperSubmit)).toHaveLength(1);
    await waitFor(() => expect(page.pathname()).toBe('/exam/detail/31'));
  });

  it('heads a survey not yet started 问卷详情, not 考试中', async () => {
    await renderPaper([on(E.paperDetail, ok(aPaperDetail({ kind: 'survey', title: '培训问卷' })))]);
    expect(await screen.findByRole('button', { name: '开始填写' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('问卷详情');
  });

  it('heads an exam 考试中, as the titles table names the page', async () => {
    await renderPaper();
    expect(await screen.findByRole('button', { name: '开始答题' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('考试中');
  });

  it('says why a paper cannot be started, and shows a refusal to start', async () => {
    await renderPaper([
      on(E.paperDetail, ok(aPaperDetail({ can_start: false, blocked_reason: '考试已截止', state: 'closed' }))),
    ]);
    expect(await screen.findByText('考试已截止')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始答题' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    const page = await renderPaper([on(E.paperDetail, fail('该试卷未分配给你'))]);
    await page.retryFailedLoad('该试卷未分配给你', E.paperDetail, ok(aPaperDetail()));
    expect(await screen.findByRole('button', { name: '开始答题' })).toBeTruthy();
  });

  it('shows its owner the results per question', async () => {
    await renderPage('/exam/paper/6', {
      user: LEADER,
      api: [
        on(E.paperDetail, ok(aPaperDetail({ id: 6, kind: 'survey', can_view_results: true, title: '培训问卷' }))),
        on(
          E.paperStats,
          ok({
            id: 6,
            title: '培训问卷',
            kind: 'survey',
            anonymous: true,
            responses: 2,
            questions: [
              {
                id: 1,
                type: 'single',
                text: '满意吗',
                options: [
                  { key: 0, text: '满意', count: 2 },
                  { key: 1, text: '一般', count: 0 },
                ],
                texts: [],
              },
              { id: 2, type: 'short', text: '建议', options: [], texts: [{ text: '多些案例', staff_name: '匿名' }] },
            ],
          }),
        ),
      ],
    });
    await tap(await screen.findByRole('button', { name: '查看统计结果' }));
    expect(await screen.findByText(/共 2 份/)).toBeTruthy();
    expect(screen.getByText('A 满意：2；B 一般：0')).toBeTruthy();
    expect(screen.getByText('匿名：多些案例')).toBeTruthy();
  });
});

describe('/exam/list', () => {
  it('lists my handed-in attempts; a row opens it', async () => {
    await renderPage('/exam/list', { api: [on(E.answerList, ok(pageOf([anAnswerRow()])))] });
    const link = await screen.findByRole('link', { name: /合规考试/ });
    expect(link.getAttribute('href')).toBe('/exam/detail/31');
    expect(link.textContent).toContain('80 / 100 分');
  });

  it('gives a leader the attempts waiting for marks', async () => {
    const page = await renderPage('/exam/list', {
      user: LEADER,
      api: [
        on(
          E.answerList,
          ok(pageOf([anAnswerRow({ status: 'marking', status_label: '待阅卷', score: null, passed: null })])),
        ),
      ],
    });
    await tap(await screen.findByText('待阅卷', { selector: '.adm-tabs-tab' }));
    await waitFor(() => expect(page.api.lastCall(E.answerList).query).toMatchObject({ scope: 'mark' }));
    expect((await screen.findByRole('link', { name: /王小明 · 合规考试/ })).textContent).toContain('待出分');
  });

  it('says so when empty', async () => {
    await renderPage('/exam/list', { api: [on(E.answerList, ok(pageOf([])))] });
    expect(await screen.findByText('暂无答卷')).toBeTruthy();
  });
});

describe('/exam/detail/:id', () => {
  it('shows the score, my answers and the right ones', async () => {
    await renderPage('/exam/detail/31', { api: [on(E.answerDetail, ok(anAnswerDetail()))] });
    expect(await screen.findByText(/70 \/ 100 分/)).toBeTruthy();
    expect(screen.getByText('正确答案：B. 身份证')).toBeTruthy();
    expect(screen.getByText('参考答案：按年计算的成本')).toBeTruthy();
  });

  it('lets the leader mark a short answer', async () => {
    const waiting = anAnswerDetail({
      status: 'marking',
      status_label: '待阅卷',
      score: null,
      passed: null,
      can_mark: true,
      staff_name: '赵客服',
    });
    const page = await renderPage('/exam/detail/31', {
      user: LEADER,
      api: [on(E.answerDetail, ok(waiting)), on(E.answerMark, ok(anAnswerDetail({ score: 65 }), '评分已保存'))],
    });
    const field = (await screen.findAllByLabelText('评分：解释年化利率'))[0];
    await tap(screen.getByRole('button', { name: '保存评分' }));
    await findToast('评分已保存');
    expect(page.api.lastCall(E.answerMark).fields).toEqual({
      attempt_id: '31',
      question_id: '13',
      points: '30',
    });
    expect(field).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/exam/detail/31', { api: [on(E.answerDetail, fail('无权查看该答卷'))] });
    await page.retryFailedLoad('无权查看该答卷', E.answerDetail, ok(anAnswerDetail()));
    expect(await screen.findByText(/70 \/ 100 分/)).toBeTruthy();
  });
});

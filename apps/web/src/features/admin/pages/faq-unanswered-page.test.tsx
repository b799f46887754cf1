import * as F from '@crm/domain/endpoints/faq-authoring';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, sentJson } from '../test-kit.ts';
import { answersOf, ok, tap, type AnswersOf } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

const aQuestion = (over: Partial<{ id: number; question: string; times: number; handled: boolean }> = {}) => ({
  id: 40,
  question: '公司年会定在哪天开？',
  times: 3,
  last_asked_at: '2026-11-20T02:00:00.000Z',
  last_asker: '王小明',
  best_score: 12,
  handled: false,
  ...over,
});
const unansweredPage = (list: ReturnType<typeof aQuestion>[], next_cursor: number | null = null) =>
  ok({ list, next_cursor, total: list.length, open: list.filter((q) => !q.handled).length });
const open = (api: AnswersOf<typeof F>) => openAdmin('/admin/faq-unanswered', answersOf(F, api));

describe('/admin/faq-unanswered', () => {
  it('lists what the copilot could not answer with the count, times asked, last asker and state', async () => {
    await open({
      faqUnanswered: unansweredPage([
        aQuestion(),
        aQuestion({ id: 31, question: '停车场怎么收费', times: 1, handled: true }),
      ]),
    });
    expect(await screen.findByText('待处理 1 个，共 2 个')).toBeTruthy();
    const row = await rowOf('公司年会定在哪天开？');
    expect(row.getByText('3')).toBeTruthy();
    expect(row.getByText('王小明')).toBeTruthy();
    expect(row.getByText('待处理')).toBeTruthy();
    const done = await rowOf('停车场怎么收费');
    expect(done.getByText('已处理')).toBeTruthy();
    expect(done.queryByRole('button', { name: '标为已处理' })).toBeNull();
  });

  it('pages on with 加载更多', async () => {
    const view = await open({
      faqUnanswered: (call) =>
        call.query.cursor === '40'
          ? unansweredPage([aQuestion({ id: 12, question: '发票抬头怎么开' })])
          : unansweredPage([aQuestion()], 40),
    });
    await rowOf('公司年会定在哪天开？');
    await tap(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('发票抬头怎么开')).toBeTruthy();
    expect(view.api.callsTo(F.faqUnanswered)).toHaveLength(2);
  });

  it('says so when nothing is unanswered', async () => {
    await open({ faqUnanswered: unansweredPage([]) });
    expect(await screen.findByText('还没有答不上的问题')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    await retriesFailedLoad(
      (api) => openAdmin('/admin/faq-unanswered', api),
      F.faqUnanswered,
      unansweredPage([aQuestion()]),
      '公司年会定在哪天开？',
    );
  });

  it('marks a question handled', async () => {
    const view = await open({
      faqUnanswered: unansweredPage([aQuestion()]),
      faqUnansweredHandle: ok({ handled: 3 }, '已标为已处理'),
    });
    const row = await rowOf('公司年会定在哪天开？');
    expect(await sentJson(view, row, '标为已处理', '已标为已处理', F.faqUnansweredHandle)).toEqual({ id: 40 });
  });

  it('opens the FAQ page’s new-entry form with the question as its title', async () => {
    await open({ faqUnanswered: unansweredPage([aQuestion()]) });
    await tap((await rowOf('公司年会定在哪天开？')).getByRole('link', { name: '新建问答' }));
    const form = await screen.findByRole('region', { name: '新建问答' });
    expect((form.querySelector('input') as HTMLInputElement).value).toBe('公司年会定在哪天开？');
  });
});

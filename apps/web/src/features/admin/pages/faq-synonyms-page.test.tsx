import * as F from '@crm/domain/endpoints/faq-authoring';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson } from '../test-kit.ts';
import { answersOf, fail, findToast, ok, tap, type AnswersOf } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

const aGroup = (over: Partial<{ id: number; words: string[]; updated_at: string }> = {}) => ({
  id: 5,
  words: ['放款', '落袋'],
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const open = (api: AnswersOf<typeof F>) => openAdmin('/admin/faq-synonyms', answersOf(F, api));

describe('/admin/faq-synonyms', () => {
  it('lists the company’s groups, each as its words', async () => {
    await open({ faqSynonyms: ok({ list: [aGroup(), aGroup({ id: 6, words: ['撞单', '重复报单'] })] }) });
    expect(await screen.findByText('放款、落袋')).toBeTruthy();
    expect(screen.getByText('撞单、重复报单')).toBeTruthy();
  });

  it('says so when the company has no group of its own', async () => {
    await open({ faqSynonyms: ok({ list: [] }) });
    expect(await screen.findByText('还没有本公司的同义词组')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    await retriesFailedLoad(
      (api) => openAdmin('/admin/faq-synonyms', api),
      F.faqSynonyms,
      ok({ list: [aGroup()] }),
      '放款、落袋',
    );
  });

  it('adds a group typed with spaces and 顿号, and refuses one word before sending anything', async () => {
    const view = await open({
      faqSynonyms: ok({ list: [] }),
      faqSynonymSave: ok(aGroup(), '已保存，问答检索立即使用'),
    });
    const form = within(await screen.findByRole('region', { name: '添加同义词组' }));
    fill(form, { '同义词（空格或顿号隔开，至少两个）': '放款' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('一组同义词至少两个词，用空格隔开')).toBeTruthy();
    expect(view.api.callsTo(F.faqSynonymSave)).toHaveLength(0);
    fill(form, { '同义词（空格或顿号隔开，至少两个）': '放款、落袋  到卡' });
    expect(await sentJson(view, form, '添加', '已保存，问答检索立即使用', F.faqSynonymSave)).toEqual({
      id: null,
      words: '放款 落袋 到卡',
    });
  });

  it('edits a group in its own form and shows the server’s refusal', async () => {
    const view = await open({ faqSynonyms: ok({ list: [aGroup()] }), faqSynonymSave: fail('同义词组不存在') });
    await tap((await rowOf('放款、落袋')).getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改同义词组' }));
    expect(form.getByLabelText<HTMLInputElement>('同义词（空格或顿号隔开，至少两个）').value).toBe('放款 落袋');
    fill(form, { '同义词（空格或顿号隔开，至少两个）': '放款 到账' });
    expect(await sentJson(view, form, '保存', '同义词组不存在', F.faqSynonymSave)).toEqual({
      id: 5,
      words: '放款 到账',
    });
  });

  it('deletes a group after a confirmation', async () => {
    const view = await open({ faqSynonyms: ok({ list: [aGroup()] }), faqSynonymDelete: ok(null, '已删除') });
    await tap((await rowOf('放款、落袋')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除同义词组「放款、落袋」？')).toBeTruthy();
    expect(view.api.callsTo(F.faqSynonymDelete)).toHaveLength(0);
    // The dialog's 删除 is the last button of that name (the row's own comes first).
    await tap(screen.getAllByRole('button', { name: '删除' }).at(-1) as HTMLElement);
    expect(await findToast('已删除')).toBeTruthy();
    expect(view.api.lastCall(F.faqSynonymDelete).json).toEqual({ id: 5 });
  });
});

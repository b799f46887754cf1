import * as E from '@crm/domain/endpoints/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, fill, openAdmin, rowOf, sentJson, tapToToast, type AdminApi } from '../test-kit.ts';
import { aFaqRow, page } from '../../../test/admin-data.ts';
import { fail, ok, tap } from '../../../test/page.ts';

const anEntry = {
  id: 3,
  key: 'loan-time',
  title: '放款要多久',
  type: '业务',
  category: '放款',
  keywords: '放款 时间',
  body: '审批后 3 个工作日内。\n\n![流程](faq-image:9)',
};
const open = (api: AdminApi) => openAdmin('/admin/faq', api);

describe('/admin/faq: the form for one entry', () => {
  it('creates an entry from the form and empties it after the save', async () => {
    const view = await open({
      faqList: page([]),
      faqSave: ok({ ...anEntry, id: 4, key: 'form-x', body: '联系客服。' }, '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '新建问答' }));
    fill(form, { 标题: '提前还款怎么办', 类型: '业务', 分类: '还款', 正文: '联系客服。' });
    expect(await sentJson(view, form, '保存', '已保存', E.faqSave)).toEqual({
      id: null,
      title: '提前还款怎么办',
      type: '业务',
      category: '还款',
      keywords: '',
      body: '联系客服。',
    });
    expectValues(form, { 标题: '' });
  });

  it('names a missing field without calling the server', async () => {
    const view = await open({ faqList: page([]) });
    const form = within(await screen.findByRole('region', { name: '新建问答' }));
    fill(form, { 标题: '提前还款怎么办', 类型: '业务', 分类: '还款' });
    await tap(form.getByRole('button', { name: '保存' }));
    expect(await form.findByText('请填写正文')).toBeTruthy();
    expect(view.api.callsTo(E.faqSave)).toHaveLength(0);
  });

  it("keeps what was typed when the server refuses it, and shows the server's word", async () => {
    await open({ faqList: page([]), faqSave: fail('form-x: 缺少 category') });
    const form = within(await screen.findByRole('region', { name: '新建问答' }));
    fill(form, { 标题: '提前还款怎么办', 类型: '业务', 分类: '还款', 正文: '联系客服。' });
    await tapToToast(form, '保存', 'form-x: 缺少 category');
    expectValues(form, { 标题: '提前还款怎么办', 正文: '联系客服。' });
  });

  it('loads an entry into the edit form, keeps its image reference, and saves it under its id', async () => {
    const view = await open({
      faqList: page([aFaqRow()]),
      faqEntry: ok(anEntry),
      faqSave: ok({ ...anEntry, title: '放款需要多久' }, '已保存'),
    });
    const row = await rowOf('放款要多久');
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改问答（loan-time）' }));
    expect(view.api.lastCall(E.faqEntry).query).toEqual({ id: '3' });
    expectValues(form, { '关键词（空格分隔，可不填）': '放款 时间' });
    fill(form, { 标题: '放款需要多久' });
    expect(await sentJson(view, form, '保存', '已保存', E.faqSave)).toEqual({
      id: 3,
      title: '放款需要多久',
      type: '业务',
      category: '放款',
      keywords: '放款 时间',
      body: '审批后 3 个工作日内。\n\n![流程](faq-image:9)',
    });
    expect(screen.queryByRole('region', { name: '修改问答（loan-time）' })).toBeNull();
  });
});

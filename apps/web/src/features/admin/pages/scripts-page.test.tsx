import * as S from '@crm/domain/endpoints/scripts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson } from '../test-kit.ts';
import { answersOf, ok, tap, type AnswersOf, type ReplyData } from '../../../test/page.ts';

type Script = ReplyData<typeof S.adminScripts>['list'][number];

const aScript = (over: Partial<Script> = {}): Script => ({
  id: 5,
  topic: 'fees',
  title: '综合成本怎么说',
  content: '签约前我们会把综合年化成本一次写清。',
  is_active: true,
  uses: 3,
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const usage = {
  total: 4,
  members: [
    { staff_id: 1, name: '王小明', uses: 3 },
    { staff_id: 2, name: '李建国', uses: 1 },
  ],
};
const open = (api: AnswersOf<typeof S>) => openAdmin('/admin/scripts', answersOf(S, api));

describe('/admin/scripts', () => {
  it('lists the scripts with their topic and uses, and each member’s uses', async () => {
    await open({
      adminScripts: ok({ list: [aScript(), aScript({ id: 6, title: '不做包装', is_active: false })] }),
      adminScriptUsage: ok(usage),
    });
    const row = await rowOf('综合成本怎么说');
    expect(row.getByText('费用与综合成本')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();
    expect((await rowOf('不做包装')).getByText('已停用')).toBeTruthy();
    expect(screen.getByText('成员使用情况（共 4 次）')).toBeTruthy();
    expect((await rowOf('李建国')).getByText('1')).toBeTruthy();
  });

  it('says so when there are none yet', async () => {
    await open({ adminScripts: ok({ list: [] }), adminScriptUsage: ok({ total: 0, members: [] }) });
    expect(await screen.findByText('还没有话术')).toBeTruthy();
    expect(await screen.findByText('还没有人使用过话术')).toBeTruthy();
  });

  it('adds a script by topic, refusing one without a topic before sending', async () => {
    const view = await open({
      adminScripts: ok({ list: [] }),
      adminScriptUsage: ok({ total: 0, members: [] }),
      adminScriptSave: ok(aScript(), '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '添加话术' }));
    fill(form, { 标题: '综合成本怎么说', 话术内容: '签约前我们会把综合年化成本一次写清。' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('请选择话术分类')).toBeTruthy();
    expect(view.api.callsTo(S.adminScriptSave)).toHaveLength(0);
    fireEvent.change(form.getByLabelText('分类'), { target: { value: 'fees' } });
    expect(await sentJson(view, form, '添加', '已保存', S.adminScriptSave)).toEqual({
      id: null,
      topic: 'fees',
      title: '综合成本怎么说',
      content: '签约前我们会把综合年化成本一次写清。',
      is_active: true,
    });
  });

  it('switches a script off from its edit form', async () => {
    const view = await open({
      adminScripts: ok({ list: [aScript()] }),
      adminScriptUsage: ok(usage),
      adminScriptSave: ok(aScript({ is_active: false }), '已保存'),
    });
    await tap((await rowOf('综合成本怎么说')).getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改话术' }));
    await tap(form.getByRole('checkbox', { name: '启用' }));
    expect(await sentJson(view, form, '保存', '已保存', S.adminScriptSave)).toMatchObject({ id: 5, is_active: false });
  });
});

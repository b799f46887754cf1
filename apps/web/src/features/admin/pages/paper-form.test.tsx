import * as E from '@crm/domain/endpoints/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, fill, keepsTypedWhenRefused, openAdmin, rowOf, sentJson, type AdminApi } from '../test-kit.ts';
import { page } from '../../../test/admin-data.ts';
import { ok, tap } from '../../../test/page.ts';

const open = (api: AdminApi) => openAdmin('/admin/papers', api);
const storedFile = {
  code: 'compliance-2027q1',
  kind: 'exam' as const,
  title: '合规考试',
  intro: '',
  time_limit_minutes: 15,
  pass_score: 60,
  max_attempts: 2,
  opens_at: null,
  closes_at: null,
  show_answers: true,
  anonymous: false,
  owner: '13800000002',
  assign: [{ team: '销售一组' }, { job: 3 }],
  questions: [
    {
      type: 'multiple' as const,
      text: '哪些违规？',
      options: ['代签', '如实告知', '收现金'],
      answer: ['A', 'C'],
      points: 40,
    },
    { type: 'judge' as const, text: '可以把身份证号发到群里。', answer: false, points: 60 },
  ],
};

/** What a new paper's form sends for the fields nobody touched. */
const untouched = {
  intro: '',
  max_attempts: 1,
  opens_at: null,
  closes_at: null,
  show_answers: false,
  anonymous: false,
  owner: null,
  assign: [{ all: true }],
};

describe('/admin/papers: the form for one paper', () => {
  it('sends the structure the paper file describes, and empties the form after the save', async () => {
    const view = await open({
      papersList: page([]),
      papersSave: ok({ id: 9, code: 'q1', title: '小测', questions: 2 }, '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '新建试卷' }));
    fill(form, { '编号（小写字母、数字、连字符）': 'q1', 标题: '小测', '时长（分钟）': '20', 及格分: '60' });
    fill(form, {
      '第 1 题 题目': '必须核验的证件是？',
      '第 1 题 选项（每行一个，依次为 A、B、C…）': '身份证原件\n驾驶证\n',
      '第 1 题 答案': 'a',
      '第 1 题 分值': '50',
    });
    await tap(form.getByRole('button', { name: '添加题目' }));
    // A question's boxes have no label beside them: the question is named by its legend, each box by its
    // placeholder until typed in.
    const second = within(form.getByRole('group', { name: '第 2 题' }));
    expect(second.getByText('第 2 题').tagName).toBe('LEGEND');
    expect(second.getByPlaceholderText('第 2 题 题目')).toBeTruthy();
    fill(form, { '第 2 题 题型': 'judge' });
    fill(form, { '第 2 题 题目': '可以代客户签字。', '第 2 题 答案': 'false', '第 2 题 分值': '50' });
    expect(await sentJson(view, form, '保存', '已保存', E.papersSave)).toEqual({
      paper: {
        ...untouched,
        code: 'q1',
        kind: 'exam',
        title: '小测',
        time_limit_minutes: 20,
        pass_score: 60,
        questions: [
          { type: 'single', text: '必须核验的证件是？', options: ['身份证原件', '驾驶证'], answer: 'a', points: 50 },
          { type: 'judge', text: '可以代客户签字。', answer: false, points: 50 },
        ],
      },
    });
    expectValues(form, { 标题: '' });
  });

  it("keeps what was typed when the file's rules refuse it, and shows their words", async () => {
    await keepsTypedWhenRefused(
      '/admin/papers',
      '新建试卷',
      { '编号（小写字母、数字、连字符）': 'q1', 标题: '小测', '时长（分钟）': '' },
      '时长（分钟）: 考试须设置时长',
      { 标题: '小测', '编号（小写字母、数字、连字符）': 'q1' },
    );
  });

  it('loads a stored paper into the edit form and saves it back unchanged but for what was edited', async () => {
    const view = await open({
      papersList: page([
        { id: 5, code: 'compliance-2027q1', kind: 'exam', title: '合规考试', opens_at: null, closes_at: null },
      ]),
      papersEntry: ok({ id: 5, started: false, file: storedFile }),
      papersSave: ok({ id: 10, code: 'compliance-2027q1', title: '合规考试（修订）', questions: 2 }, '已保存'),
    });
    const row = await rowOf('合规考试');
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改试卷（compliance-2027q1）' }));
    expect(view.api.lastCall(E.papersEntry).query).toEqual({ id: '5' });
    expectValues(form, { '第 1 题 答案': 'A,C', '指派 1 的名称、岗位编号或手机号': '销售一组' });
    fill(form, { 标题: '合规考试（修订）' });
    expect(await sentJson(view, form, '保存', '已保存', E.papersSave)).toEqual({
      paper: { ...storedFile, title: '合规考试（修订）' },
    });
    expect(screen.queryByRole('region', { name: '修改试卷（compliance-2027q1）' })).toBeNull();
  });

  it('says when a paper has been started and cannot be replaced', async () => {
    await open({
      papersList: page([
        { id: 5, code: 'compliance-2027q1', kind: 'exam', title: '合规考试', opens_at: null, closes_at: null },
      ]),
      papersEntry: ok({ id: 5, started: true, file: storedFile }),
    });
    const row = await rowOf('合规考试');
    await tap(row.getByRole('button', { name: '编辑' }));
    expect(await screen.findByText('这份试卷已有人作答，不能覆盖；请换一个编号另存为新卷。')).toBeTruthy();
  });
});

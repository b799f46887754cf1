import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePaperFile, storedQuestions } from './paper-file.ts';

const example = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../exam-papers/example-compliance.yaml',
);

describe('the paper file', () => {
  it('reads the documented example: letters become option indexes, a judge question gets 正确 / 错误', () => {
    const paper = parsePaperFile(fs.readFileSync(example, 'utf8'));
    expect(paper).toMatchObject({ code: 'compliance-2027q1', kind: 'exam', time_limit_minutes: 15, pass_score: 60 });
    expect(paper.assign).toEqual([{ team: '销售一组' }, { job: 3 }, { staff: '13800000008' }]);
    expect(storedQuestions(paper).map((q) => [q.type, q.answer, q.points])).toEqual([
      ['single', [0], 20],
      ['multiple', [0, 1, 3], 30],
      ['judge', [1], 20],
      ['short', [], 30],
    ]);
    expect(storedQuestions(paper)[2]?.options).toEqual(['正确', '错误']);
  });

  it.each([
    ['an exam without a time limit', 'time_limit_minutes: null', '考试须设置时长'],
    ['an answer letter past the options', 'answer: A\n', '答案字母超出选项范围'],
    ['a pass mark above the total', 'pass_score: 60', '及格分: 不能超过总分 100'],
  ])('refuses %s, saying where', (_what, from, message) => {
    const text = fs.readFileSync(example, 'utf8');
    const broken =
      from === 'answer: A\n'
        ? text.replace('answer: A\n', 'answer: E\n')
        : from === 'pass_score: 60'
          ? text.replace('pass_score: 60', 'pass_score: 101')
          : text.replace('time_limit_minutes: 15', from);
    expect(() => parsePaperFile(broken)).toThrow(message);
  });

  it('names a bad code and a bad staff phone by their places, in the words of the form', () => {
    const text = fs.readFileSync(example, 'utf8');
    const broken = text.replace('code: compliance-2027q1', 'code: Q1').replace("staff: '13800000008'", "staff: '123'");
    expect(broken).not.toBe(text);
    expect(() => parsePaperFile(broken)).toThrow('编号: 只能用小写字母、数字和连字符，2–64 位');
    expect(() => parsePaperFile(broken)).toThrow(/员工手机号: 须为 11 位手机号/);
  });

  it('refuses an answer key in a questionnaire', () => {
    const survey = `code: s-1\nkind: survey\ntitle: 问卷\nassign: [{ all: true }]\nquestions:\n  - { type: judge, text: 好吗, answer: true }\n`;
    expect(() => parsePaperFile(survey)).toThrow('问卷的题目没有标准答案');
  });
});

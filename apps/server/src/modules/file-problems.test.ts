import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkFile } from './file-problems.ts';

const paper = z.object({
  title: z.string().min(1).max(5),
  questions: z.array(z.object({ text: z.string().min(1), points: z.number().int().min(0) })).min(1),
});
const places = { title: '标题', questions: '题目', text: '题干' };
const problems = (value: unknown) => {
  try {
    checkFile(paper, value, places, '(文件)');
  } catch (error) {
    return (error as Error).message.split('\n');
  }
  return [];
};

describe('a file checked by its schema', () => {
  it('answers the data of a good file', () => {
    const good = { title: '合规', questions: [{ text: '题', points: 1 }] };
    expect(checkFile(paper, good, places, '(文件)')).toEqual(good);
  });

  it("names each problem at its place in the form's words, a person's wording beside it", () => {
    expect(problems({ title: '', questions: [{ text: '题', points: 1 }, { points: -1 }] })).toEqual([
      '标题: 不能为空',
      '题目 2 · 题干: 必填',
      '题目 2 · points: 不能小于 0',
    ]);
  });

  it('says what a list or a text is short of or over', () => {
    expect(problems({ title: '一二三四五六', questions: [] })).toEqual(['标题: 不能超过 5 个字', '题目: 至少 1 项']);
  });

  it('names the wrong kind of value, and the file itself where the problem has no place', () => {
    expect(problems({ title: 3, questions: [{ text: '题', points: 1.5 }] })).toEqual([
      '标题: 应为文字',
      '题目 1 · points: 应为整数',
    ]);
    expect(problems('not a paper')).toEqual(['(文件): 应为一组字段']);
  });
});

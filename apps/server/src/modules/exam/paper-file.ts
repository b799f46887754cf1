import { parse } from 'yaml';
import { z } from 'zod';
import { isPlausibleTime } from '@crm/domain/api/bounds';
import { checkFile } from '../file-problems.ts';
import { PAPER_PLACES } from './exam.texts.ts';

/*
 * The paper file (decision 050, docs/exam-papers.md): one paper per YAML file, authored by whoever trains
 * the staff and loaded by `npm run exam:load -w @crm/server -- <file> --corp <id>`. Options are lettered A, B,
 * C … in the order written; answers name letters; a judge question's answer is true or false.
 */

const LETTERS = 'ABCDEFGHIJ';
const letter = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-J]$/, '答案须为选项字母 A–J');
const when = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString() : value))
  .refine(isPlausibleTime, '时间格式不正确（例：2026-12-01T09:00:00+08:00）');

const questionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('single'),
    text: z.string().min(1),
    options: z.array(z.coerce.string().min(1)).min(2).max(10),
    answer: letter.optional(),
    points: z.number().int().min(0).default(0),
  }),
  z.object({
    type: z.literal('multiple'),
    text: z.string().min(1),
    options: z.array(z.coerce.string().min(1)).min(2).max(10),
    answer: z.array(letter).optional(),
    points: z.number().int().min(0).default(0),
  }),
  z.object({
    type: z.literal('judge'),
    text: z.string().min(1),
    answer: z.boolean().optional(),
    points: z.number().int().min(0).default(0),
  }),
  z.object({
    type: z.literal('short'),
    text: z.string().min(1),
    reference: z.string().default(''),
    points: z.number().int().min(0).default(0),
  }),
]);

const targetSchema = z.union([
  z.object({ staff: z.coerce.string().regex(/^1[3-9]\d{9}$/, '须为 11 位手机号') }),
  z.object({ team: z.string().min(1) }),
  z.object({ job: z.number().int().min(1) }),
  z.object({ all: z.literal(true) }),
]);

export const paperFileSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, '只能用小写字母、数字和连字符，2–64 位'),
    kind: z.enum(['exam', 'survey']).default('exam'),
    title: z.string().min(1).max(60),
    intro: z.string().default(''),
    time_limit_minutes: z.number().int().min(1).max(600).nullable().default(null),
    pass_score: z.number().int().min(0).default(0),
    max_attempts: z.number().int().min(1).max(20).default(1),
    opens_at: when.nullable().default(null),
    closes_at: when.nullable().default(null),
    show_answers: z.boolean().default(false),
    anonymous: z.boolean().default(false),
    /** The leader who owns the paper (their phone): reads results, marks short answers. */
    owner: z.coerce.string().nullable().default(null),
    assign: z.array(targetSchema).min(1),
    questions: z.array(questionSchema).min(1).max(200),
  })
  .superRefine((paper, ctx) => {
    paper.questions.forEach((q, i) => {
      const path = ['questions', i];
      if (paper.kind === 'survey') {
        if ('answer' in q && q.answer !== undefined)
          ctx.addIssue({ code: 'custom', path, message: '问卷的题目没有标准答案' });
        return;
      }
      if (q.type !== 'short' && q.answer === undefined)
        ctx.addIssue({ code: 'custom', path, message: '考试的选择题和判断题须给出答案' });
      if ((q.type === 'single' || q.type === 'multiple') && q.answer !== undefined) {
        const letters = Array.isArray(q.answer) ? q.answer : [q.answer];
        if (letters.some((l) => LETTERS.indexOf(l) >= q.options.length))
          ctx.addIssue({ code: 'custom', path, message: '答案字母超出选项范围' });
      }
    });
    if (paper.kind === 'exam' && paper.time_limit_minutes === null)
      ctx.addIssue({ code: 'custom', path: ['time_limit_minutes'], message: '考试须设置时长' });
    const total = paper.questions.reduce((sum, q) => sum + q.points, 0);
    if (paper.kind === 'exam' && paper.pass_score > total)
      ctx.addIssue({ code: 'custom', path: ['pass_score'], message: `不能超过总分 ${total}` });
  });
export type PaperFile = z.output<typeof paperFileSchema>;
export type PaperFileInput = z.input<typeof paperFileSchema>;

/** A question as stored: options in authored order, the right options' indexes. */
export interface StoredQuestion {
  type: 'single' | 'multiple' | 'judge' | 'short';
  text: string;
  options: string[];
  answer: number[];
  reference: string;
  points: number;
}

export const JUDGE_OPTIONS = ['正确', '错误'];

/** The file's questions as rows: letters become indexes, a judge question gets 正确 / 错误. */
export function storedQuestions(paper: PaperFile): StoredQuestion[] {
  return paper.questions.map((q) => {
    const points = paper.kind === 'survey' ? 0 : q.points;
    switch (q.type) {
      case 'single':
        return { ...q, points, reference: '', answer: q.answer ? [LETTERS.indexOf(q.answer)] : [] };
      case 'multiple':
        return {
          ...q,
          points,
          reference: '',
          answer: [...new Set((q.answer ?? []).map((l) => LETTERS.indexOf(l)))].sort((a, b) => a - b),
        };
      case 'judge':
        return {
          ...q,
          points,
          options: JUDGE_OPTIONS,
          reference: '',
          answer: q.answer === undefined ? [] : [q.answer ? 0 : 1],
        };
      case 'short':
        return { ...q, points, options: [], answer: [] };
    }
  });
}

/** Parses and checks a paper file's text; the error lists every problem with its place in the file. */
export function parsePaperFile(text: string): PaperFile {
  return checkPaperFile(parse(text));
}

/**
 * Checks a paper as the YAML parser hands it over (plain objects, arrays, strings, numbers, booleans): the
 * file's rules, whether it came from a file or from the back office's form; every problem with its place.
 */
export function checkPaperFile(value: unknown): PaperFile {
  return checkFile(paperFileSchema, value, PAPER_PLACES, '(文件)');
}

import type { z } from 'zod';

/** How a kind of file names its places to a person: the form's label of each key (`title` → 标题). */
export type FilePlaces = Readonly<Record<string, string>>;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: '文字',
  number: '数字',
  int: '整数',
  boolean: 'true 或 false',
  array: '列表',
  object: '一组字段',
  date: '日期',
};

/**
 * zod's words for a file's problems where its locale's are a programmer's ("数值过小：期望 string >=1 字符");
 * what it does not name here keeps the locale's wording.
 */
const fileErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '必填' : `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少 ${min} 个字`;
      if (issue.origin === 'array') return `至少 ${min} 项`;
      return `不能小于 ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过 ${max} 个字`;
      if (issue.origin === 'array') return `最多 ${max} 项`;
      return `不能大于 ${max}`;
    }
    case 'invalid_value':
      return `应为 ${issue.values.map(String).join('、')} 之一`;
    default:
      return undefined;
  }
};

/** A problem's place in the file's words: `questions.1.text` → 题目 2 · 题干 (a key without a label as it is). */
const placeOf = (path: readonly PropertyKey[], places: FilePlaces) =>
  path
    .map((key) => (typeof key === 'number' ? String(key + 1) : (places[String(key)] ?? String(key))))
    .join(' · ')
    .replace(/ · (\d+)/g, ' $1');

/**
 * A file (or a file's form) checked by its schema: its data, or an Error whose message lists every problem
 * on its own line, each at its place in the file's words (`whole` for the file itself); its `field` is the
 * first problem's key path.
 */
export function checkFile<S extends z.ZodType>(schema: S, value: unknown, places: FilePlaces, whole: string) {
  const result = schema.safeParse(value, { error: fileErrorMap });
  if (result.success) return result.data;
  const problem = new Error(
    result.error.issues.map((issue) => `${placeOf(issue.path, places) || whole}: ${issue.message}`).join('\n'),
  );
  // The first problem's key path (`lottery.prizes.0.value_fen`), so a form shows the message under that field.
  const first = result.error.issues[0]?.path.map(String).join('.');
  throw first ? Object.assign(problem, { field: first }) : problem;
}

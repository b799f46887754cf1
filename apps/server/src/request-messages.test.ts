import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLABELLED_PLACE } from '@crm/domain/api/request-messages';
import { requestValidatorCompiler } from './plugins/envelope.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { upcomingCalls } from './test/route-table.ts';

/*
 * Issue 38, point 5: every refusal of a request's fields is a Chinese sentence naming the field. Each part
 * (body, query, path) of every registered route is parsed, as the server parses it, with each of its fields
 * missing, of the wrong type and out of range, and every message zod gives back is read, not only the first
 * one a client would see.
 */

/** Missing, wrong-typed and out-of-range values, as forms, query strings and JSON bodies can carry them. */
const VALUES: readonly unknown[] = [
  undefined,
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '9'.repeat(20),
  'x'.repeat(70_000),
  '2026-13-45',
  123,
  -5,
  1e308,
  true,
  null,
  [],
  ['a'],
  [{}],
  {},
];

/** zod's type talk (issue 38's list), a type's name, or any English word but the few a form shows as they are. */
const TYPE_TALK = /期望|实际接收|无效输入|无效选项/;
const TYPE_NAME = /\b(string|number|NaN|undefined|null|boolean|bigint|object|array|int|date|symbol|function)\b/i;
// Webhook: WeCom's own word for a group robot's address, as its robot page shows it.
const SHOWN_AS_IS = new Set(['PDF', 'MB', 'https', 'Webhook']);
const englishWord = (message: string) => message.match(/[A-Za-z]{2,}/g)?.find((word) => !SHOWN_AS_IS.has(word));

const NO_LABEL = 'no label for the field';

function fault(message: string, path: readonly PropertyKey[]): string | null {
  if (TYPE_TALK.test(message) || TYPE_NAME.test(message)) return "zod's type talk";
  const word = englishWord(message);
  if (word) return `an English word (${word})`;
  if (!/[\u4e00-\u9fff]/.test(message)) return 'not Chinese';
  // The request as a whole is "请求参数"; a field is named by its label.
  if (path.length > 0 && message.startsWith(`${UNLABELLED_PLACE}:`)) return NO_LABEL;
  return null;
}

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

describe('the refusals of every route schema', () => {
  it('name the field in Chinese, for missing, wrong-typed and out-of-range values', () => {
    // What is walked here is what the server parses requests with.
    expect(test.app.validatorCompiler).toBe(requestValidatorCompiler);
    const faults = new Map<string, string>();
    let parsed = 0;
    for (const route of test.app.routeTable) {
      // HEAD is GET's twin; the spec's calls not built yet answer 501 before reading anything.
      if (route.method === 'HEAD' || upcomingCalls.has(`${route.method} ${route.url}`)) continue;
      const schema = route.schema;
      for (const part of ['body', 'querystring', 'params'] as const) {
        const partSchema = schema?.[part];
        if (!(partSchema instanceof z.ZodType)) continue;
        const validate = requestValidatorCompiler({ schema: partSchema, method: route.method, url: route.url });
        const names = partSchema instanceof z.ZodObject ? Object.keys(partSchema.shape) : [];
        const inputs: unknown[] = [{}, ...names.flatMap((name) => VALUES.map((value) => ({ [name]: value })))];
        for (const input of inputs) {
          parsed += 1;
          const result = validate(input) as { error?: { instancePath: string; message?: string }[] };
          for (const { instancePath, message = '' } of result.error ?? []) {
            const path = instancePath.split('/').filter(Boolean);
            const why = fault(message, path);
            // One line per unlabelled field, one per wrong message: enough to find each.
            const key = why === NO_LABEL ? `${NO_LABEL}: ${path.join('.')}` : `${message} (${why})`;
            if (why) faults.set(key, `${route.method} ${route.url} ${part} ${path.join('.')}`);
          }
        }
      }
    }
    expect(parsed).toBeGreaterThan(5000);
    expect(Object.fromEntries(faults)).toEqual({});
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, pageRequestSchema, toPage, type Page } from './page.ts';

describe('pageRequestSchema', () => {
  it.each([
    [{}, { cursor: null, limit: 20 }],
    [
      { cursor: '', limit: '5' },
      { cursor: null, limit: 5 },
    ],
    [{ cursor: 'null' }, { cursor: null, limit: 20 }],
    [
      { cursor: '42', limit: '50' },
      { cursor: 42, limit: 50 },
    ],
    [{ limit: '500' }, { cursor: null, limit: 20 }],
    [{ limit: '0' }, { cursor: null, limit: 20 }],
  ])('%j → %j', (input, expected) => expect(pageRequestSchema.parse(input)).toEqual(expected));

  it.each([[{ cursor: '-1' }], [{ cursor: 'abc' }], [{ cursor: '1.5' }]])('refuses the cursor of %j', (input) => {
    expect(pageRequestSchema.safeParse(input).success).toBe(false);
  });
});

describe('toPage', () => {
  it('walks any list in pages that cover every row exactly once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 120 }),
        fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
        (ids, limit) => {
          const table = [...ids].sort((a, b) => b - a).map((id) => ({ id }));
          const seen: number[] = [];
          let cursor: number | null = null;
          do {
            const from: number | null = cursor;
            const rows: { id: number }[] = table.filter((r) => from === null || r.id < from).slice(0, limit + 1);
            const page: Page<number> = toPage(rows, limit, (r) => r.id);
            seen.push(...page.list);
            cursor = page.next_cursor;
          } while (cursor !== null);
          expect(seen).toEqual(table.map((r) => r.id));
        },
      ),
    );
  });
});

import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { followUps } from './schema/cases.ts';
import { anyContains, columnsEqual, columnsOf } from './rows-where.ts';

const render = (where: ReturnType<typeof columnsEqual>) =>
  where ? new PgDialect({ casing: 'snake_case' }).sqlToQuery(where) : undefined;

describe('columnsEqual', () => {
  it('reads each named column equal to its value, in the order given', () => {
    const query = render(columnsEqual(followUps, { corpId: 7, staffId: 9 }));
    expect(query?.sql).toBe('("follow_ups"."corp_id" = $1 and "follow_ups"."staff_id" = $2)');
    expect(query?.params).toEqual([7, 9]);
  });

  it('reads null as IS NULL, since "= null" would match no row at all', () => {
    const query = render(columnsEqual(followUps, { corpId: 7, doneAt: null }));
    expect(query?.sql).toBe('("follow_ups"."corp_id" = $1 and "follow_ups"."done_at" is null)');
    expect(query?.params).toEqual([7]);
  });

  it('leaves an undefined value out (an optional filter), and no condition at all when every value is', () => {
    expect(render(columnsEqual(followUps, { corpId: 7, staffId: undefined }))?.params).toEqual([7]);
    expect(columnsEqual(followUps, { staffId: undefined })).toBeUndefined();
  });
});

describe('columnsOf', () => {
  it('picks the named columns of the table under their own names, and no others', () => {
    const picked = columnsOf(followUps, ['id', 'note']);
    expect(Object.keys(picked)).toEqual(['id', 'note']);
    expect(picked.note).toBe(followUps.note);
  });
});

describe('anyContains', () => {
  it('matches the words in any of the columns, with % and _ as plain characters', () => {
    const query = render(anyContains('5%_\\', followUps.note, followUps.id));
    expect(query?.sql).toBe('("follow_ups"."note" ilike $1 or "follow_ups"."id" ilike $2)');
    expect(query?.params).toEqual(['%5\\%\\_\\\\%', '%5\\%\\_\\\\%']);
  });

  it('is no condition for an empty search box', () => {
    expect(anyContains('', followUps.note)).toBeUndefined();
    expect(anyContains(null, followUps.note)).toBeUndefined();
  });
});

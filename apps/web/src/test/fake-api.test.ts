import * as E from '@crm/domain/endpoints/cases';
import * as EAdmin from '@crm/domain/endpoints/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok, on } from './fake-api.ts';
import { pageOf } from './factories.ts';

/* The fake server every web test answers through (issue 45): answers by endpoint, typed from its response schema. */

afterEach(() => vi.unstubAllGlobals());

const ask = async (path: string, method = 'GET') => (await fetch(path, { method })).json() as Promise<unknown>;

describe('the fake server', () => {
  it("answers an endpoint's path with the envelope given for it, and records the call", async () => {
    const api = installFakeApi([on(E.clientList, ok(pageOf([]), '好'))]);
    expect(await ask(`${E.clientList.path}?status=0`)).toEqual({
      code: 0,
      msg: '好',
      data: { list: [], next_cursor: null },
    });
    expect(api.lastCall(E.clientList).query).toEqual({ status: '0' });
  });

  it('answers the two endpoints of one path each by its method, and a later answer replaces an earlier one', async () => {
    const api = installFakeApi([on(EAdmin.settings, fail('读'), 'GET'), on(EAdmin.settingsUpdate, fail('写'), 'POST')]);
    expect(await ask(EAdmin.settings.path)).toMatchObject({ msg: '读' });
    expect(await ask(EAdmin.settings.path, 'POST')).toMatchObject({ msg: '写' });
    api.set([on(EAdmin.settings, fail('再读'), 'GET')]);
    expect(await ask(EAdmin.settings.path)).toMatchObject({ msg: '再读' });
  });

  it('refuses visibly what no answer names, and says which paths those were', async () => {
    const api = installFakeApi([]);
    expect(await ask(E.clientList.path)).toMatchObject({ code: 404_404 });
    expect(api.unhandled()).toEqual([E.clientList.path]);
  });

  it('takes a list of answers only: an object spread of two lists would answer nothing', () => {
    const lists = [on(E.clientList, ok(pageOf([])))];
    expect(() => installFakeApi({ ...lists })).toThrow(TypeError);
  });

  it("types each reply from the endpoint's response schema, so a renamed field fails tsc in the fixture", () => {
    // @ts-expect-error `lists` is not the list endpoint's `list`: tsc refuses the fixture (issue 45's must-show).
    const renamed = on(E.clientList, ok({ lists: [], next_cursor: null }));
    // @ts-expect-error a case row without its `name` is not a row of clientList.
    const missing = on(E.clientList, ok(pageOf([{ id: 1 }])));
    expect([renamed, missing]).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integral, UserlistRow } from '@crm/domain/api/chatter';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { postForm } from '../test/http.ts';
import { staffCookie } from '../test/sessions.ts';
import { seedDemo } from './seed.ts';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
});
afterAll(() => test.close());

type Body<T> = { code: number; msg: string; data: T };

describe('the demo seed of the WeCom sidebar tool', () => {
  it('王小明 has 4,800 points after sending 刘先生 200, and 陈女士 waits to be filed', async () => {
    const cookie = await staffCookie(test, { corpId: 1, id: 1 });
    const liu = await postForm(
      test.app,
      '/api/chattergee/getIntegral',
      { external_userid: 'wmDemoLiu00002' },
      { cookie },
    );
    expect(liu.json<Body<Integral>>().data).toEqual({ mine: 4800, customer: 200 });
    const chen = await postForm(
      test.app,
      '/api/chattergee/getFiling',
      { external_userid: 'wmDemoChen0001' },
      { cookie },
    );
    expect(chen.json()).toMatchObject({ code: 0, data: { contact_name: '陈女士', filing: null } });
    const list = await postForm(test.app, '/api/chattergee/userlist', {}, { cookie });
    // 刘先生 holds the points; the five customers 渠道活码 brought in (decision 083's seed) are filed without any.
    const rows = list.json<Body<{ list: UserlistRow[] }>>().data.list.map((r) => [r.name, r.balance]);
    expect(rows.filter(([, balance]) => balance !== null)).toEqual([['刘先生', 200]]);
    expect(rows).toHaveLength(6);
    const work = await test.app.inject({ method: 'GET', url: '/common/wxwork/workList', headers: { cookie } });
    expect(work.json<Body<{ list: { url: string }[] }>>().data.list.map((i) => i.url)).toEqual([
      '/chattergee/home',
      '/calculator',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { cookieCaller } from '../test/http.ts';
import { staffCookie } from '../test/sessions.ts';
import { seedDemo } from './seed.ts';

/* The demo of the approved scripts and the group sends (decision 080) as docs/demo-tour.md walks it. */
let test: TestApp;
const call = cookieCaller(() => test.app);
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
}, 240_000);
afterAll(() => test.close());

describe('the demo seed of the WeCom customer operations', () => {
  it('王小明 finds the approved scripts in the sidebar; 何管理 sees their uses by member', async () => {
    const wang = await staffCookie(test, { corpId: 1, id: 1 });
    const found = await call<{ list: { title: string }[] }>(wang, 'POST', '/api/chattergee/scripts', { q: '房产证' });
    expect(found.body.data.list.map((s) => s.title)).toEqual(['房抵贷要准备的材料']);
    const admin = await staffCookie(test, { corpId: 1, id: 50 });
    const usage = await call<{ total: number; members: { name: string; uses: number }[] }>(
      admin,
      'GET',
      '/api/admin/scripts/usage',
    );
    expect(usage.body.data).toEqual({
      total: 6,
      members: [
        { staff_id: 1, name: '王小明', uses: 5 },
        { staff_id: 2, name: '李建国', uses: 1 },
      ],
    });
  });

  it('李建国 sees his send’s results, and 周女士 over the month’s limit when he picks 经营贷 again', async () => {
    const leader = await staffCookie(test, { corpId: 1, id: 2 });
    const list = await call<{ list: { id: number; created_by: string; recipients: number; received: number }[] }>(
      leader,
      'POST',
      '/api/crm/groupSend/list',
      {},
    );
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ created_by: '李建国', recipients: 3, received: 1 }),
    ]);
    const preview = await call<{ matched: number; sendable: number; over_limit: { name: string; received: number }[] }>(
      leader,
      'POST',
      '/api/crm/groupSend/preview',
      { tags: ['经营贷'] },
    );
    expect(preview.body.data).toMatchObject({ matched: 3, sendable: 2, over_limit: [{ name: '周女士', received: 4 }] });
    const made = await call<{ id: number }>(leader, 'POST', '/api/crm/groupSend/create', {
      tags: ['经营贷'],
      text: '演示群发',
      exclude_over_limit: true,
    });
    expect(made.body.code).toBe(0);
    // Offline, the members "send" as soon as the results are asked for.
    const refreshed = await call<{ received: number; members_sent: number }>(
      leader,
      'POST',
      '/api/crm/groupSend/refresh',
      { id: made.body.data.id },
    );
    expect(refreshed.body.data).toMatchObject({ received: 2, members_sent: 2 });
  });
});

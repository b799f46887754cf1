import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers } from '../admin/admin.test-helpers.ts';

/*
 * The approved scripts (话术库, issue 50 point 3): the admin keeps them by topic (audit-logged), the sidebar finds
 * the active ones by topic and words, and each use is counted per script and per member.
 */
type Script = { id: number; topic: string; title: string; content: string; is_active: boolean; uses: number };

let test: TestApp;
let callers: BackOfficeCallers;
let colleague: string;
let colleagueId: number;
const call = cookieCaller(() => test.app);

beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date('2026-11-20T02:00:00Z') });
  const corpA = await createCompany(test.db);
  callers = await backOfficeCallers(test, corpA, await createCompany(test.db));
  const person = await createStaff(test.db, corpA.id, { name: '李业务' });
  colleagueId = person.id;
  colleague = await staffCookie(test, person);
}, 240_000);
afterAll(() => test.close());

const save = (cookie: string, form: Record<string, unknown>) =>
  call<Script>(cookie, 'POST', '/api/admin/scripts/save', form);
const search = (cookie: string, q: Record<string, unknown> = {}) =>
  call<{ list: Script[] }>(cookie, 'POST', '/api/chattergee/scripts', q);

describe('the admin keeps scripts', () => {
  it('adds and edits a script by topic, each write audit-logged; the list shows the switched-off ones too', async () => {
    const added = await save(callers.admin, {
      topic: 'fees',
      title: '综合成本怎么算',
      content: '  综合年化成本包含利息和所有费用，我们签约前会一次写明，没有其他收费。 ',
    });
    expect(added.body).toMatchObject({
      code: 0,
      msg: '已保存',
      data: { topic: 'fees', content: '综合年化成本包含利息和所有费用，我们签约前会一次写明，没有其他收费。', uses: 0 },
    });
    const edited = await save(callers.admin, { ...added.body.data, is_active: false });
    expect(edited.body.data.is_active).toBe(false);
    const list = await call<{ list: Script[] }>(callers.admin, 'GET', '/api/admin/scripts');
    expect(list.body.data.list.map((s) => s.title)).toContain('综合成本怎么算');
    const audit = await test.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'chat_script' and entity_id = ${added.body.data.id} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['script.add', 'script.update']);
  });

  it.each([
    [{ topic: 'promise', title: '包过', content: '一定能批' }, '请选择话术分类'],
    [{ topic: 'product', title: '', content: '内容' }, '请填写标题'],
    [{ topic: 'product', title: '标题', content: ' ' }, '请填写话术内容'],
    [{ topic: 'product', title: '标题', content: '长'.repeat(601) }, '话术内容不能超过 600 个字'],
  ])('refuses %j', async (form, message) => {
    const answer = await save(callers.admin, form);
    expect(answer.body).toMatchObject({ code: 1, msg: message });
  });

  it('is the company admin’s: a colleague, another company’s admin and a partner are refused', async () => {
    const added = await save(callers.admin, { topic: 'product', title: '经营贷介绍', content: '额度最高 300 万。' });
    for (const cookie of [colleague, callers.plain]) {
      const answer = await save(cookie, { topic: 'product', title: '改', content: '改' });
      expect(answer.status).toBe(403);
    }
    // Another company's admin cannot edit A's script: it is not found for them.
    const foreign = await save(callers.otherAdmin, { ...added.body.data, title: '改名' });
    expect(foreign.status).toBe(404);
    expect((await call(callers.partner, 'GET', '/api/admin/scripts')).status).not.toBe(200);
  });
});

describe('the sidebar uses them', () => {
  it('finds the active scripts by topic and words, never another company’s', async () => {
    await save(callers.admin, {
      topic: 'documents',
      title: '经营贷要哪些材料',
      content: '营业执照、近半年流水、身份证。',
    });
    await save(callers.admin, { topic: 'no-promise', title: '能不能批', content: '审批由银行决定，我们不承诺结果。' });
    await save(callers.otherAdmin, { topic: 'documents', title: 'B公司材料清单', content: '营业执照。' });

    const all = await search(colleague);
    expect(all.body.code).toBe(0);
    const titles = all.body.data.list.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['经营贷介绍', '经营贷要哪些材料', '能不能批']));
    expect(titles).not.toContain('综合成本怎么算'); // switched off
    expect(titles).not.toContain('B公司材料清单');
    // In the topics' order: products, documents, fees, no promises.
    expect(all.body.data.list.map((s) => s.topic)).toEqual(
      [...all.body.data.list.map((s) => s.topic)].sort(
        (a, b) =>
          ['product', 'documents', 'fees', 'no-promise'].indexOf(a) -
          ['product', 'documents', 'fees', 'no-promise'].indexOf(b),
      ),
    );

    expect((await search(colleague, { q: '营业执照' })).body.data.list.map((s) => s.title)).toEqual([
      '经营贷要哪些材料',
    ]);
    expect((await search(colleague, { topic: 'no-promise' })).body.data.list.map((s) => s.title)).toEqual(['能不能批']);
    expect((await search(colleague, { q: '100%' })).body.data.list).toEqual([]);
    expect((await search(colleague, { topic: 'gossip' })).body).toMatchObject({ code: 1, msg: '话术分类无效' });
  });

  it('counts each use per script and per member; a switched-off or foreign script is not counted', async () => {
    const [script] = (await search(colleague, { q: '营业执照' })).body.data.list;
    if (!script) throw new Error('no script');
    const used = await call<{ uses: number }>(colleague, 'POST', '/api/chattergee/scriptUse', {
      id: script.id,
      external_userid: 'wmDemoLiu00002',
    });
    expect(used.body).toEqual({ code: 0, msg: '已记录使用', data: { uses: 1 } });
    await call(callers.admin, 'POST', '/api/chattergee/scriptUse', { id: script.id });
    await call(colleague, 'POST', '/api/chattergee/scriptUse', { id: script.id });
    expect((await search(colleague, { q: '营业执照' })).body.data.list[0]?.uses).toBe(3);

    const usage = await call<{ total: number; members: { staff_id: number; name: string; uses: number }[] }>(
      callers.admin,
      'GET',
      '/api/admin/scripts/usage',
    );
    expect(usage.body.data.total).toBe(3);
    expect(usage.body.data.members[0]).toEqual({ staff_id: colleagueId, name: '李业务', uses: 2 });
    expect((await call(colleague, 'GET', '/api/admin/scripts/usage')).status).toBe(403);

    const off = (await call<{ list: Script[] }>(callers.admin, 'GET', '/api/admin/scripts')).body.data.list.find(
      (s) => !s.is_active,
    );
    expect((await call(colleague, 'POST', '/api/chattergee/scriptUse', { id: off?.id })).body).toMatchObject({
      code: 1,
      msg: '这条话术已停用',
    });
    expect((await call(callers.otherAdmin, 'POST', '/api/chattergee/scriptUse', { id: script.id })).status).toBe(404);
    expect(
      (await call(colleague, 'POST', '/api/chattergee/scriptUse', { id: script.id, external_userid: '不是 id' })).body,
    ).toMatchObject({ code: 1 });
  });
});

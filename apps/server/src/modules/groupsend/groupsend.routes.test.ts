import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter } from '../../adapters/wecom/wecom-adapter.ts';
import { activities } from '../../db/schema/activity.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam, insertRow } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { createFiling } from '../../test/factories-groupsend.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';

/*
 * Group sends to customers (群发, issue 50 point 2): a leader or an admin picks customers by tag, source and owner;
 * the product asks the (fake) WeCom for one add_msg_template task per owner, the owner confirms it in WeCom, and
 * get_groupmsg_task / get_groupmsg_send_result tell who sent and who received. WeCom's four a month per customer
 * is said before a task would exceed it, and such customers are left out only when the sender agrees.
 */
type Preview = {
  month: string;
  limit: number;
  matched: number;
  sendable: number;
  over_limit: { filing_id: number; name: string; owner_name: string; received: number }[];
  unbound: number;
};
type Detail = {
  id: number;
  recipients: number;
  received: number;
  members: number;
  members_sent: number;
  activity_title: string;
  tasks: { staff_id: number; name: string; status: number; sent_at: string | null; customers: number; error: string }[];
  customers: { filing_id: number; name: string; owner_name: string; status: number }[];
};

let test: TestApp;
let fake: FakeWecomServer;
const NOW = new Date('2026-11-28T02:00:00Z');
let clock = NOW;
const call = cookieCaller(() => test.app);
const people = {} as Record<'admin' | 'leader' | 'plain' | 'otherLeader' | 'otherAdmin', string>;
const ids = {} as Record<'zhang' | 'li' | 'wang' | 'unbound' | 'otherTeam' | 'leader', number>;
let activityId = 0;

beforeAll(async () => {
  fake = await startFakeWecomServer({
    corpId: 'ww-groupsend',
    secret: 's',
    // 李四 no longer has 陈七 among his contacts: WeCom puts 陈七 in fail_list.
    groupMsgs: { contacts: { lisi: ['wmZhao', 'wmQian', 'wmSun'] } },
  });
  test = await buildTestApp({
    now: () => clock,
    wecom: createWecomAdapter({ corpId: 'ww-groupsend', agentId: '1', secret: 's', apiBase: fake.apiBase }),
  });
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id, '业务一部');
  const otherTeam = await createTeam(test.db, corp.id, '业务二部');
  const admin = await createAdmin(test.db, corp.id, { name: '管理员' });
  const leader = await createStaff(test.db, corp.id, {
    name: '王组长',
    teamId: team.id,
    isLeader: true,
    wxworkId: 'wangzz',
  });
  const zhang = await createStaff(test.db, corp.id, { name: '张三', teamId: team.id, wxworkId: 'zhangsan' });
  const li = await createStaff(test.db, corp.id, { name: '李四', teamId: team.id, wxworkId: 'lisi' });
  const unbound = await createStaff(test.db, corp.id, { name: '赵未绑', teamId: team.id });
  const other = await createStaff(test.db, corp.id, { name: '周二部', teamId: otherTeam.id, wxworkId: 'zhou' });
  const otherLeader = await createStaff(test.db, corp.id, { name: '二部组长', teamId: otherTeam.id, isLeader: true });
  Object.assign(ids, { zhang: zhang.id, li: li.id, unbound: unbound.id, otherTeam: other.id, leader: leader.id });

  await createFiling(test.db, zhang, {
    name: '客户甲',
    tags: ['经营贷'],
    source: '渠道活码·门店',
    externalUserid: 'wmJia',
  });
  await createFiling(test.db, zhang, { name: '客户乙', tags: ['房抵'], source: '营销活动', externalUserid: 'wmYi' });
  await createFiling(test.db, li, {
    name: '客户赵',
    tags: ['经营贷'],
    source: '渠道活码·门店',
    externalUserid: 'wmZhao',
  });
  await createFiling(test.db, li, { name: '客户陈', tags: ['经营贷'], externalUserid: 'wmChen' });
  await createFiling(test.db, unbound, { name: '客户孙', tags: ['经营贷'], externalUserid: 'wmSunU' });
  await createFiling(test.db, other, { name: '二部客户', tags: ['经营贷'], externalUserid: 'wmOther' });

  const otherCorp = await createCompany(test.db);
  const foreignAdmin = await createAdmin(test.db, otherCorp.id, { name: 'B管理员', wxworkId: 'b-admin' });
  await createFiling(test.db, foreignAdmin, { name: 'B公司客户', tags: ['经营贷'], externalUserid: 'wmB' });

  activityId = (
    await insertRow(
      test.db,
      activities,
      {
        corpId: corp.id,
        key: 'groupsend-demo',
        type: 'coupon',
        title: '双十二低息券',
        coverUrl: 'https://example.com/cover.png',
        startsAt: new Date('2026-11-01T00:00:00Z'),
        endsAt: new Date('2026-12-31T00:00:00Z'),
        publishedAt: new Date('2026-11-01T00:00:00Z'),
      },
      'activity',
    )
  ).id;

  Object.assign(people, {
    admin: await staffCookie(test, admin),
    leader: await staffCookie(test, leader),
    plain: await staffCookie(test, zhang),
    otherLeader: await staffCookie(test, otherLeader),
    otherAdmin: await staffCookie(test, foreignAdmin),
  });
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

const preview = (cookie: string, audience: Record<string, unknown>) =>
  call<Preview>(cookie, 'POST', '/api/crm/groupSend/preview', audience);
const create = (cookie: string, form: Record<string, unknown>) =>
  call<Detail>(cookie, 'POST', '/api/crm/groupSend/create', form);
const sends = async () =>
  Number((await test.db.execute<{ n: number }>(sql`select count(*)::int as n from group_sends`)).rows[0]?.n);

describe('picking customers', () => {
  it('offers the scope’s owners, tags, sources and running activities', async () => {
    const options = await call<{
      owners: { name: string; bound: boolean }[];
      tags: string[];
      sources: string[];
      activities: { title: string }[];
    }>(people.leader, 'GET', '/api/crm/groupSend/options');
    expect(options.body.data).toEqual({
      owners: [
        { id: ids.zhang, name: '张三', bound: true },
        { id: ids.li, name: '李四', bound: true },
        { id: ids.unbound, name: '赵未绑', bound: false },
      ],
      tags: ['房抵', '经营贷'],
      sources: ['渠道活码·门店', '营销活动'],
      activities: [{ id: activityId, title: '双十二低息券' }],
    });
  });

  it('a leader picks among their team’s customers, an admin among the company’s; a colleague may not', async () => {
    expect((await preview(people.leader, { tags: ['经营贷'] })).body.data).toMatchObject({
      month: '2026-11',
      limit: 4,
      matched: 4,
      sendable: 3,
      over_limit: [],
      unbound: 1,
    });
    expect((await preview(people.admin, { tags: ['经营贷'] })).body.data.matched).toBe(5);
    expect((await preview(people.admin, { sources: ['渠道活码·门店'] })).body.data.matched).toBe(2);
    expect((await preview(people.admin, { owner_ids: [ids.zhang] })).body.data.matched).toBe(2);
    // Another team's owner named by a leader picks nobody.
    expect((await preview(people.leader, { owner_ids: [ids.otherTeam] })).body.data.matched).toBe(0);
    expect((await preview(people.otherAdmin, { tags: ['经营贷'] })).body.data.matched).toBe(1);
    const refused = await preview(people.plain, {});
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('仅团队长或公司管理员可以群发');
  });
});

describe('a group send', () => {
  it('makes one WeCom task per owner on the real protocol, then shows who sent and who received', async () => {
    const made = await create(people.leader, {
      tags: ['经营贷'],
      text: '您好，本月经营贷利率下调，欢迎咨询。',
      activity_id: activityId,
    });
    expect(made.body).toMatchObject({
      code: 0,
      msg: '群发任务已创建，请提醒成员在企业微信中确认发送',
      data: { recipients: 3, members: 2, members_sent: 0, received: 0, activity_title: '双十二低息券' },
    });
    const mine = fake.groupMsgs.tasks.slice(-2);
    expect(mine.map((t) => [t.sender, t.externalUserids])).toEqual([
      ['zhangsan', ['wmJia']],
      ['lisi', ['wmZhao']],
    ]);
    expect(mine[0]?.text).toBe('您好，本月经营贷利率下调，欢迎咨询。');
    expect(mine[0]?.attachments).toEqual([
      {
        msgtype: 'link',
        link: {
          title: '双十二低息券',
          url: expect.stringMatching(new RegExp(`/activity/coupon\\?id=${activityId}$`)),
          picurl: 'https://example.com/cover.png',
          desc: '点击查看活动详情',
        },
      },
    ]);
    // 客户陈 is no longer 李四's contact: WeCom's fail_list, and it holds none of her four.
    expect(made.body.data.customers.find((c) => c.name === '客户陈')?.status).toBe(2);

    const [zhangTask] = mine;
    fake.groupMsgs.confirm(zhangTask?.msgid ?? '', 1_795_834_800);
    const refreshed = await call<Detail>(people.leader, 'POST', '/api/crm/groupSend/refresh', {
      id: made.body.data.id,
    });
    expect(refreshed.body.data).toMatchObject({ members_sent: 1, received: 1 });
    expect(refreshed.body.data.tasks).toEqual([
      expect.objectContaining({ name: '张三', status: 2, sent_at: '2026-11-28T03:00:00.000Z', customers: 1 }),
      expect.objectContaining({ name: '李四', status: 0, sent_at: null, customers: 2 }),
    ]);
    expect(refreshed.body.data.customers.map((c) => [c.name, c.owner_name, c.status])).toEqual([
      ['客户甲', '张三', 1],
      ['客户赵', '李四', 0],
      ['客户陈', '李四', 2],
    ]);
    // The list shows it to its maker; another team's leader and another company do not find it.
    const list = await call<{ list: { id: number }[] }>(people.leader, 'POST', '/api/crm/groupSend/list', {});
    expect(list.body.data.list.map((r) => r.id)).toContain(made.body.data.id);
    for (const cookie of [people.otherLeader, people.otherAdmin]) {
      expect((await call(cookie, 'POST', '/api/crm/groupSend/detail', { id: made.body.data.id })).status).toBe(404);
      expect((await call(cookie, 'POST', '/api/crm/groupSend/refresh', { id: made.body.data.id })).status).toBe(404);
    }
    expect((await call(people.admin, 'POST', '/api/crm/groupSend/detail', { id: made.body.data.id })).body.code).toBe(
      0,
    );
  });

  it('says who is at four this month before a task, refuses it unless they are left out, and never sends a fifth', async () => {
    // 客户乙 gets three more (one task each), so four this month.
    for (let i = 0; i < 3; i += 1)
      expect((await create(people.admin, { tags: ['房抵'], text: `第${i + 2}条` })).body.code).toBe(0);
    await create(people.admin, { tags: ['房抵'], text: '第1条' });
    const before = await sends();
    const seen = await preview(people.admin, { owner_ids: [ids.zhang] });
    expect(seen.body.data).toMatchObject({
      matched: 2,
      sendable: 1,
      over_limit: [{ name: '客户乙', owner_name: '张三', received: 4 }],
    });
    const refused = await create(people.admin, { owner_ids: [ids.zhang], text: '第五条' });
    expect(refused.body).toMatchObject({
      code: 1,
      msg: '有 1 位客户本月已收满 4 条群发消息（企业微信的限制），请确认排除他们后再创建',
    });
    expect(await sends()).toBe(before);
    const excluded = await create(people.admin, { owner_ids: [ids.zhang], text: '第五条', exclude_over_limit: true });
    expect(excluded.body.data.customers.map((c) => c.name)).toEqual(['客户甲']);
    expect(fake.groupMsgs.tasks.at(-1)?.externalUserids).toEqual(['wmJia']);
    // Only 客户乙: nobody is left.
    expect((await create(people.admin, { tags: ['房抵'], text: '再来', exclude_over_limit: true })).body).toMatchObject(
      {
        code: 1,
        msg: '没有可以发送的客户：筛选出的客户本月都已收满，或其负责人未绑定企业微信',
      },
    );
    // A new month in China (Dec 1st, 00:30 +08:00) starts the count again.
    clock = new Date('2026-11-30T16:30:00Z');
    try {
      expect((await preview(people.admin, { tags: ['房抵'] })).body.data).toMatchObject({
        month: '2026-12',
        over_limit: [],
      });
    } finally {
      clock = NOW;
    }
  });

  it('uploads a picture to WeCom (media/uploadimg) and sends it with the text as an image attachment', async () => {
    const jpeg = await makeJpeg({ width: 200, height: 150 });
    const uploaded = await postFile(test, '/api/crm/groupSend/image', {}, jpeg, { cookie: people.leader });
    const answer = uploaded.json<{ code: number; msg: string; data: { image_url: string } }>();
    expect(answer).toMatchObject({ code: 0, msg: '图片已上传' });
    expect(fake.groupMsgs.images.has(answer.data.image_url)).toBe(true);
    const made = await create(people.leader, {
      owner_ids: [ids.zhang],
      text: '看图',
      image_url: answer.data.image_url,
      exclude_over_limit: true,
    });
    expect(made.body.code).toBe(0);
    expect(fake.groupMsgs.tasks.at(-1)?.attachments).toEqual([
      { msgtype: 'image', image: { pic_url: answer.data.image_url } },
    ]);
    // Not a picture, none at all, or a colleague who may not send: refused before WeCom hears of it.
    const before = fake.groupMsgs.images.size;
    const text = await postFile(test, '/api/crm/groupSend/image', {}, Buffer.from('not an image'), {
      cookie: people.leader,
      filename: 'a.txt',
      type: 'text/plain',
    });
    expect(text.json()).toMatchObject({ code: 1, msg: '图片须为 JPG 或 PNG' });
    expect(
      (await postFile(test, '/api/crm/groupSend/image', {}, null, { cookie: people.leader })).json(),
    ).toMatchObject({ code: 1, msg: '请选择一张图片' });
    expect((await postFile(test, '/api/crm/groupSend/image', {}, jpeg, { cookie: people.plain })).statusCode).toBe(403);
    expect(fake.groupMsgs.images.size).toBe(before);
  });

  it.each([
    [{ tags: ['经营贷'], text: '看看', image_url: 'https://example.com/a.png' }, '图片无效，请重新上传'],
    [{ tags: ['经营贷'], text: ' ' }, '请填写群发内容'],
    [{ tags: ['经营贷'], text: '字'.repeat(1001) }, '群发内容不能超过 1000 个字'],
    [{ tags: ['经营贷'], text: '看看', activity_id: 999999 }, '活动不存在或已结束'],
    [{ tags: ['没有这个标签'], text: '看看' }, '没有符合条件的客户'],
  ])('refuses %j', async (form, message) => {
    const before = await sends();
    expect((await create(people.admin, form)).body).toMatchObject({ code: 1, msg: message });
    expect(await sends()).toBe(before);
  });
});

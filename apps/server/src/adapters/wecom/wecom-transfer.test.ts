import { describe, expect, it } from 'vitest';
import { fakeWecomPerTest } from '../../test/fake-wecom.ts';
import { rejectionOf } from '../../test/rejection.ts';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError } from './wecom.ts';
import { DEMO_EXTERNAL_CONTACTS, DEMO_FOLLOWER_USERID } from './wecom-chat.ts';

const startFake = fakeWecomPerTest({ corpId: 'ww0123456789abcdef', secret: 'transfer-secret' });
const contacts = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `wm${tag}${String(i).padStart(4, '0')}`);

describe('the WeCom customer-contact inheritance calls against the fake WeCom server', () => {
  it('在职继承: lists a member’s contacts, transfers them 100 a call with the message, and reads each state by cursor', async () => {
    const theirs = contacts(150, 'Emp');
    const { fake, wecom } = await startFake('1000002', { transfer: { follows: { zhangsan: theirs }, pageSize: 60 } });
    expect(await wecom.listFollowedContacts('zhangsan')).toEqual(theirs);
    expect(await wecom.listFollowedContacts('nobody')).toEqual([]);

    const answers = await wecom.transferCustomers({
      mode: 'employed',
      handoverUserid: 'zhangsan',
      takeoverUserid: 'lisi',
      externalUserids: [...theirs, 'wmNotHis'],
      successMessage: '您好，后续由同事李四为您服务',
    });
    expect(answers).toHaveLength(151);
    expect(answers.filter((a) => a.errcode === 0)).toHaveLength(150);
    expect(answers.at(-1)).toEqual({ externalUserid: 'wmNotHis', errcode: 40096 });
    // WeCom takes at most 100 a call: two calls, each with both members and the message.
    expect(fake.transfer.transfers.map((t) => t.path)).toEqual([
      '/cgi-bin/externalcontact/transfer_customer',
      '/cgi-bin/externalcontact/transfer_customer',
    ]);
    expect(fake.transfer.transfers[0]?.body).toMatchObject({
      handover_userid: 'zhangsan',
      takeover_userid: 'lisi',
      transfer_success_msg: '您好，后续由同事李四为您服务',
    });
    expect((fake.transfer.transfers[0]?.body.external_userid as string[]).length).toBe(100);

    fake.transfer.setStatus(theirs[0]!, 1);
    fake.transfer.setStatus(theirs[1]!, 3);
    const states = await wecom.transferResult({ mode: 'employed', handoverUserid: 'zhangsan', takeoverUserid: 'lisi' });
    expect(states).toHaveLength(150);
    expect(states.slice(0, 3).map((s) => s.status)).toEqual([1, 3, 2]);
    // Paged: 60 a page, so three calls of transfer_result.
    expect(fake.requests.filter((r) => r.path === '/cgi-bin/externalcontact/transfer_result')).toHaveLength(3);
  });

  it('离职继承: finds a resigned member’s contacts in the unassigned list and transfers them through resigned/', async () => {
    const { fake, wecom } = await startFake('1000002', {
      transfer: { resigned: { wangwu: ['wmLeft0001', 'wmLeft0002'], other: ['wmOther001'] }, pageSize: 2 },
    });
    const unassigned = await wecom.listUnassignedContacts();
    expect(unassigned).toEqual([
      { handoverUserid: 'wangwu', externalUserid: 'wmLeft0001' },
      { handoverUserid: 'wangwu', externalUserid: 'wmLeft0002' },
      { handoverUserid: 'other', externalUserid: 'wmOther001' },
    ]);
    const answers = await wecom.transferCustomers({
      mode: 'resigned',
      handoverUserid: 'wangwu',
      takeoverUserid: 'lisi',
      externalUserids: ['wmLeft0001', 'wmLeft0002'],
      successMessage: '不会发给离职成员的客户',
    });
    expect(answers.map((a) => a.errcode)).toEqual([0, 0]);
    expect(fake.transfer.transfers[0]?.path).toBe('/cgi-bin/externalcontact/resigned/transfer_customer');
    // The resigned call takes no message: WeCom's own is sent.
    expect(fake.transfer.transfers[0]?.body).not.toHaveProperty('transfer_success_msg');
    const states = await wecom.transferResult({ mode: 'resigned', handoverUserid: 'wangwu', takeoverUserid: 'lisi' });
    expect(states.map((s) => [s.externalUserid, s.status])).toEqual([
      ['wmLeft0001', 2],
      ['wmLeft0002', 2],
    ]);
  });

  it('answers WeCom’s refusal of the whole call as a WecomError, and a stale token is refreshed once', async () => {
    const { fake, wecom } = await startFake('1000002', { transfer: { follows: { zhangsan: ['wmA'] } } });
    await wecom.listFollowedContacts('zhangsan');
    fake.expireTokens();
    expect(await wecom.listFollowedContacts('zhangsan')).toEqual(['wmA']);
    const error = await rejectionOf(
      wecom.transferCustomers({
        mode: 'employed',
        handoverUserid: 'zhangsan',
        takeoverUserid: '',
        externalUserids: ['wmA'],
      }),
      WecomError,
    );
    expect(error).toMatchObject({ reason: 'api', errcode: 40003 });
  });

  it('offline (demo): the demo member’s contacts are transferred, waiting until a day has passed on the clock', async () => {
    let now = Date.UTC(2026, 10, 1, 2);
    const demo = createDemoWecomAdapter({ now: () => now });
    const ids = DEMO_EXTERNAL_CONTACTS.map((c) => c.externalUserid);
    expect(await demo.listFollowedContacts(DEMO_FOLLOWER_USERID)).toEqual(ids);
    const answers = await demo.transferCustomers({
      mode: 'employed',
      handoverUserid: DEMO_FOLLOWER_USERID,
      takeoverUserid: 'lijianguo',
      externalUserids: [...ids, 'wmUnknown'],
    });
    expect(answers.map((a) => a.errcode)).toEqual([0, 0, 40096]);
    const ask = { mode: 'employed' as const, handoverUserid: DEMO_FOLLOWER_USERID, takeoverUserid: 'lijianguo' };
    expect((await demo.transferResult(ask)).map((s) => s.status)).toEqual([2, 2]);
    now += 24 * 3600_000;
    expect((await demo.transferResult(ask)).map((s) => s.status)).toEqual([1, 1]);
    expect(await demo.listFollowedContacts(DEMO_FOLLOWER_USERID)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeWecomPerTest } from '../../test/fake-wecom.ts';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError } from './wecom.ts';

const KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';
const startFake = fakeWecomPerTest({ corpId: 'ww0123456789abcdef', secret: 'agent-secret' });

describe('postRobot against the fake WeCom server (webhook/send)', () => {
  it('POSTs the markdown to the key, without asking for a token', async () => {
    const { fake, wecom } = await startFake('1', { robotKeys: [KEY] });
    await wecom.postRobot(KEY, { msgtype: 'markdown', content: '**新进件** 客户 王**' });
    await wecom.postRobot(KEY, { msgtype: 'text', content: '测试消息' });
    expect(fake.robots.posts).toEqual([
      { key: KEY, msgtype: 'markdown', content: '**新进件** 客户 王**' },
      { key: KEY, msgtype: 'text', content: '测试消息' },
    ]);
    expect(fake.tokenRequests).toBe(0);
    expect(fake.requests.map((r) => r.path)).toEqual(['/cgi-bin/webhook/send', '/cgi-bin/webhook/send']);
  });

  it('cuts a message to WeCom’s byte limit on a character boundary instead of having it refused', async () => {
    const { fake, wecom } = await startFake('1');
    await wecom.postRobot(KEY, { msgtype: 'text', content: '放'.repeat(1000) });
    // 682 three-byte characters fit in 2048 bytes.
    expect(fake.robots.posts[0]?.content).toBe('放'.repeat(682));
  });

  it('throws WecomError with WeCom’s errcode for an unknown key or a busy moment', async () => {
    const { fake, wecom } = await startFake('1', { robotKeys: [KEY] });
    const unknown: unknown = await wecom
      .postRobot('00000000-0000-0000-0000-000000000000', { msgtype: 'text', content: 'x' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(WecomError);
    expect((unknown as WecomError).errcode).toBe(93000);
    fake.robots.failNext();
    const busy: unknown = await wecom.postRobot(KEY, { msgtype: 'text', content: 'x' }).catch((e: unknown) => e);
    expect((busy as WecomError).errcode).toBe(-1);
    expect(fake.robots.posts).toEqual([]);
  });
});

describe('demo postRobot', () => {
  it('records the posts offline and refuses what is not a key', async () => {
    const wecom = createDemoWecomAdapter();
    await wecom.postRobot(KEY, { msgtype: 'markdown', content: '**审批通过**' });
    expect(wecom.robotPosts).toEqual([
      { key: KEY, body: { msgtype: 'markdown', markdown: { content: '**审批通过**' } } },
    ]);
    await expect(wecom.postRobot('short', { msgtype: 'text', content: 'x' })).rejects.toBeInstanceOf(WecomError);
  });
});

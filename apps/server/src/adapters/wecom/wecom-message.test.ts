import { describe, expect, it } from 'vitest';
import { fakeWecomPerTest } from '../../test/fake-wecom.ts';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError } from './wecom.ts';
import type { TextCardMessage } from './wecom-message.ts';

const CORP_ID = 'ww0123456789abcdef';
const SECRET = 'agent-secret';
const CARD: TextCardMessage = {
  toUserId: 'zhangsan',
  title: '跟进提醒',
  description: '客户 陈美玲 该跟进了',
  url: 'https://crm.example.com/business/pendingDetail/7?from=wecom&m=1',
};

const startFake = fakeWecomPerTest({ corpId: CORP_ID, secret: SECRET });

describe('sendTextCard against the fake WeCom server (message/send)', () => {
  it('POSTs a textcard for the agent with a token and the duplicate check on', async () => {
    const { fake, wecom } = await startFake('1000002');
    await expect(wecom.sendTextCard(CARD)).resolves.toBe('fake-msg-1');
    expect(fake.inbox.messages).toEqual([
      expect.objectContaining({
        touser: 'zhangsan',
        msgtype: 'textcard',
        agentid: 1000002,
        textcard: { title: '跟进提醒', description: '客户 陈美玲 该跟进了', url: CARD.url, btntxt: '详情' },
        enable_duplicate_check: 1,
      }),
    ]);
    expect(fake.requests.find((r) => r.path === '/cgi-bin/message/send')?.query.access_token).toBe('fake-token-1');
  });

  it('the same card sent again (a retry after a crash) is shown once; another card is shown', async () => {
    const { fake, wecom } = await startFake('1');
    await wecom.sendTextCard(CARD);
    await wecom.sendTextCard(CARD);
    await wecom.sendTextCard({ ...CARD, url: `${CARD.url}2` });
    expect(fake.inbox.messages).toHaveLength(2);
  });

  it('throws WecomError when WeCom is busy, or names the member unreachable', async () => {
    const { fake, wecom } = await startFake('1', { members: ['zhangsan'] });
    fake.inbox.failNext();
    const busy: unknown = await wecom.sendTextCard(CARD).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(WecomError);
    expect((busy as WecomError).errcode).toBe(-1);
    const gone: unknown = await wecom.sendTextCard({ ...CARD, toUserId: 'left.the.corp' }).catch((e: unknown) => e);
    expect((gone as WecomError).errmsg).toBe('invaliduser left.the.corp');
    expect(fake.inbox.messages).toEqual([]);
  });
});

describe('demo sendTextCard', () => {
  it('records the cards offline, a repeat once', async () => {
    const wecom = createDemoWecomAdapter();
    await wecom.sendTextCard(CARD);
    await wecom.sendTextCard(CARD);
    expect(wecom.sentMessages).toEqual([CARD]);
    await expect(wecom.sendTextCard({ ...CARD, toUserId: '' })).rejects.toBeInstanceOf(WecomError);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeWecomPerTest } from '../../test/fake-wecom.ts';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError, applyEventBody, type ApprovalRequest } from './wecom.ts';

const CORP_ID = 'ww0123456789abcdef';
const SECRET = 'agent-secret';

const REQUEST: ApprovalRequest = {
  creatorUserId: 'zhangsan',
  templateId: 'tpl-reject',
  fields: [{ controlId: 'Text-1', text: '客户临时取消' }],
  summary: ['拒签审批', '客户：陈美玲'],
};

const startFake = fakeWecomPerTest({ corpId: CORP_ID, secret: SECRET });

describe('applyApproval against the fake WeCom server', () => {
  it('POSTs applyevent with a token and answers the sp_no', async () => {
    const { fake, wecom } = await startFake('1');
    await expect(wecom.applyApproval(REQUEST)).resolves.toBe('20261121000001');
    expect(fake.approvals).toEqual([applyEventBody(REQUEST)]);
    expect(fake.approvals[0]).toMatchObject({
      creator_userid: 'zhangsan',
      template_id: 'tpl-reject',
      apply_data: { contents: [{ control: 'Text', id: 'Text-1', value: { text: '客户临时取消' } }] },
    });
    expect(fake.requests.find((r) => r.path === '/cgi-bin/oa/applyevent')?.query.access_token).toBe('fake-token-1');
  });

  it('refreshes an expired token once and retries', async () => {
    const { fake, wecom } = await startFake('1');
    await wecom.applyApproval(REQUEST);
    fake.expireTokens();
    await expect(wecom.applyApproval(REQUEST)).resolves.toBe('20261121000002');
    expect(fake.tokenRequests).toBe(2);
  });

  it("throws WecomError with WeCom's errcode when WeCom refuses", async () => {
    const { wecom } = await startFake('1');
    const error: unknown = await wecom.applyApproval({ ...REQUEST, creatorUserId: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WecomError);
    expect((error as WecomError).errcode).toBe(301025);
  });
});

describe('demo applyApproval', () => {
  it('answers offline with a new number each time', async () => {
    const wecom = createDemoWecomAdapter({ now: () => Date.parse('2026-11-21T08:00:00Z') });
    await expect(wecom.applyApproval(REQUEST)).resolves.toBe('20261121000001');
    await expect(wecom.applyApproval(REQUEST)).resolves.toBe('20261121000002');
    await expect(wecom.applyApproval({ ...REQUEST, templateId: '' })).rejects.toBeInstanceOf(WecomError);
  });
});

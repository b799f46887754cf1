import * as E from '@crm/domain/endpoints/reminders';
import type { MessageItem } from '@crm/domain/api/reminders';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, pageOf, renderPageWith } from '../../../test/page.ts';
import { showsEmptyList, showsRefusal } from '../../../test/steps-list.ts';

const aMessage = (over: Partial<MessageItem> = {}): MessageItem => ({
  id: 5,
  kind: 'proof-rejected',
  title: '凭证被驳回',
  description: '客户 陈美玲 的凭证被驳回：金额不符，请重新上传',
  path: '/business/proof',
  sent_at: '2026-11-21T09:30:00.000Z',
  ...over,
});

const openMessages = renderPageWith('/business/messages');

describe('/business/messages (消息记录, decision 058)', () => {
  it('lists the WeCom cards sent to me, each opening its page', async () => {
    const page = await openMessages([on(E.messageLog, ok(pageOf([aMessage()])))]);
    expect(await screen.findByText('凭证被驳回')).toBeTruthy();
    expect(screen.getByText('客户 陈美玲 的凭证被驳回：金额不符，请重新上传')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/business/proof');
    expect(page.api.lastCall(E.messageLog)).toMatchObject({ method: 'GET' });
  });

  it('says so when nothing was sent', async () => {
    await showsEmptyList(openMessages, E.messageLog, '还没有收到企业微信提醒');
  });

  it('shows a refusal', async () => {
    await showsRefusal(openMessages, E.messageLog, '登录已过期');
  });
});

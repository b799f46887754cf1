import * as E from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aFollowUp, aPendingDetail, fail, network, ok, on, renderPageWith } from '../../../test/page.ts';

const openNotes = renderPageWith('/business/pendingDetail/11');

describe('/business/pendingDetail/:id', () => {
  it('shows the case and its follow-up notes, with a link to add one', async () => {
    const page = await openNotes([on(E.pendingDetail, ok(aPendingDetail([aFollowUp()])))]);
    expect(await screen.findByText('客户说下周补流水')).toBeTruthy();
    expect(screen.getByRole('link', { name: /陈美玲/ }).getAttribute('href')).toBe('/business/detail/11');
    expect(screen.getByRole('link', { name: '添加跟进' }).getAttribute('href')).toBe('/business/pendingAdd/11');
    expect(page.api.lastCall(E.pendingDetail).query).toMatchObject({ id: '11' });
  });

  it('tags only the notes whose next contact is due, not those still ahead or done', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    await openNotes([
      on(
        E.pendingDetail,
        ok(
          aPendingDetail([
            aFollowUp({ id: 1, note: '补流水', next_contact_at: past }),
            aFollowUp({ id: 2, note: '约了下周', next_contact_at: ahead }),
            aFollowUp({ id: 3, note: '已面谈', next_contact_at: past, done_at: past }),
          ]),
        ),
      ),
    ]);
    const rowOf = async (note: string) => (await screen.findByText(note)).closest('.adm-list-item') as HTMLElement;
    expect((await rowOf('补流水')).textContent).toContain('到期');
    expect((await rowOf('约了下周')).textContent).not.toContain('到期');
    expect((await rowOf('已面谈')).textContent).not.toContain('到期');
  });

  it('says so when there are no notes yet', async () => {
    await openNotes([on(E.pendingDetail, ok(aPendingDetail([])))]);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it.each([
    ['a refusal', fail('无权查看'), '无权查看'],
    ['no network', network.offline(), network.message],
  ])('shows %s', async (_name, reply, message) => {
    await openNotes([on(E.pendingDetail, reply)]);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry when the notes failed to load', async () => {
    const page = await openNotes([on(E.pendingDetail, network.offline())]);
    await page.retryFailedLoad(network.message, E.pendingDetail, ok(aPendingDetail()));
    expect(await screen.findByText('客户说下周补流水')).toBeTruthy();
  });
});

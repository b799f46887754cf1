import * as E from '@crm/domain/endpoints/cases';
import type { TeamData } from '@crm/domain/api/cases';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersOf,
  aCase,
  aStatistic,
  LEADER,
  loadFailureCases,
  network,
  ok,
  renderPage,
  tap,
} from '../../../test/page.ts';

const teamData = (over: Partial<TeamData> = {}): TeamData => ({
  ...aStatistic(),
  team_name: '一组',
  members: [
    { staff_id: 7, name: '王小明', count: 4, amount_fen: 20_000_000, disbursed_count: 1, disbursed_fen: 5_000_000 },
  ],
  ...over,
});

describe('/team/list', () => {
  it("shows the team's totals and each member's figures", async () => {
    const page = await renderPage('/team/list', { user: LEADER, api: answersOf(E, { teamData: ok(teamData()) }) });
    expect(await screen.findByText('一组')).toBeTruthy();
    expect(screen.getByText('报单数').parentElement?.textContent).toBe('12报单数');
    const members = within(screen.getByText('成员业绩').closest('.adm-list') as HTMLElement);
    expect(members.getByText('王小明')).toBeTruthy();
    expect(members.getByText(/^4 单/)).toBeTruthy();
    expect(members.getByText(/^放款 1 单/)).toBeTruthy();
    expect(page.api.callsTo(E.teamData)).toHaveLength(1);
  });

  it("opens a member's cases from their row", async () => {
    const page = await renderPage('/team/list', {
      user: LEADER,
      api: answersOf(E, {
        teamData: ok(teamData()),
        clientList: ok({ list: [aCase({ name: '李雷' })], next_cursor: null }),
      }),
    });
    await tap(await screen.findByText('王小明'));
    expect(await screen.findByText('王小明 的报单')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /李雷/ })).toBeTruthy();
    expect(page.pathname()).toBe('/business/list');
    expect(page.api.lastCall(E.clientList).fields).toMatchObject({ scope: 'team', owner_id: '7' });
  });

  it('shows an empty team without members', async () => {
    await renderPage('/team/list', {
      user: LEADER,
      api: answersOf(E, {
        teamData: ok(teamData({ members: [], total: { count: 0, amount_fen: 0, disbursed_fen: 0 } })),
      }),
    });
    expect(await screen.findByText('一组')).toBeTruthy();
    expect(screen.getByText('报单数').parentElement?.textContent).toBe('0报单数');
    expect(screen.queryByText(/^放款/)).toBeNull();
  });

  it.each(loadFailureCases('仅组长可查看'))('shows %s', async (_name, reply, message) => {
    await renderPage('/team/list', { user: LEADER, api: answersOf(E, { teamData: reply }) });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
  });

  it('offers a retry when the team failed to load', async () => {
    const page = await renderPage('/team/list', {
      user: LEADER,
      api: answersOf(E, { teamData: network.httpError(500) }),
    });
    await page.retryFailedLoad(network.message, E.teamData, ok(teamData()));
    expect(await screen.findByText('一组')).toBeTruthy();
  });
});

import * as E from '@crm/domain/endpoints/cases';
import type { Funnel, ViewLogItem } from '@crm/domain/api/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersOf,
  aStatistic,
  fail,
  LEADER,
  ok,
  pageOf,
  renderPage,
  renderPageWith,
  tap,
} from '../../../test/page.ts';
import { showsEmptyList, showsRefusal } from '../../../test/steps-list.ts';

const FUNNEL: Funnel = {
  since: '2026-05-31T16:00:00.000Z',
  months: [{ month: '2026-10', intake: 2, signed: 2, approved: 1, disbursed: 1 }],
  medians: [{ status: 1, hours: 15, moves: 2 }],
  approval: { bank: [{ id: 3, name: '招商银行', decided: 2, approved: 1, rate_pct: 50 }], product: [], channel: [] },
  people: [{ staff_id: 7, name: '王小明', intake: 2, approved: 1, disbursed: 1, disbursed_fen: 8_000_000 }],
};
const aView = (over: Partial<ViewLogItem> = {}): ViewLogItem => ({
  id: 1,
  client_id: 11,
  client_name: '陈美玲',
  staff_name: '李签约',
  field: 'id_number',
  viewed_at: '2026-11-21T09:30:00.000Z',
  ...over,
});

const teamData = { ...aStatistic(), team_name: '一组', members: [] };

/** The leader's dashboard, the team's figures answered. */
const openDashboard = renderPageWith('/team/list', { user: LEADER, api: answersOf(E, { teamData: ok(teamData) }) });

describe('/team/list: the leader dashboard (decision 058)', () => {
  it('draws the funnel, medians and approval rates, and a bar leads to its cases', async () => {
    const page = await openDashboard(answersOf(E, { funnel: ok(FUNNEL) }));
    const approved = await screen.findByRole('link', { name: '审批通过 1 单' });
    expect(approved.getAttribute('href')).toBe(
      `/business/list?${new URLSearchParams({ scope: 'team', month: '2026-10', reached: '5', label: '2026-10 审批通过' }).toString()}`,
    );
    expect(screen.getByRole('link', { name: '签约中 15 小时' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '招商银行 50%（1/2）' }).getAttribute('href')).toContain('bank_id=3');
    expect(page.api.lastCall(E.funnel)).toMatchObject({ method: 'GET', query: { scope: 'team' } });
    expect(screen.getByRole('link', { name: '敏感信息查看日志' }).getAttribute('href')).toBe('/team/viewLog');
  });

  it('says so when there is nothing to draw, and shows a failure', async () => {
    await openDashboard(
      answersOf(E, {
        funnel: ok({
          ...FUNNEL,
          months: [],
          medians: [],
          approval: { bank: [], product: [], channel: [] },
          people: [],
        }),
      }),
    );
    expect(await screen.findByText('近六个月暂无报单')).toBeTruthy();
  });

  it('shows the refusal when the figures fail to load', async () => {
    await openDashboard(answersOf(E, { funnel: fail('仅团队长可查看') }));
    expect(await screen.findByText('仅团队长可查看')).toBeTruthy();
  });
});

describe('/business/list with a bar filter', () => {
  it("asks for the bar's cases and names the bar", async () => {
    const page = await renderPage('/business/list?scope=team&month=2026-10&reached=5&label=2026-10%20审批通过', {
      user: LEADER,
      api: answersOf(E, { clientList: ok(pageOf([])) }),
    });
    expect(await screen.findByText('图表所选：2026-10 审批通过')).toBeTruthy();
    expect(page.api.lastCall(E.clientList)?.fields).toMatchObject({
      scope: 'team',
      month: '2026-10',
      reached: '5',
    });
  });
});

const openViewLog = renderPageWith('/team/viewLog', { user: LEADER });

describe('/team/viewLog', () => {
  it('lists who saw which number, and a line opens the case', async () => {
    const page = await openViewLog(answersOf(E, { viewLog: ok(pageOf([aView()])), detail: fail('x') }));
    const line = await screen.findByText('李签约 查看了 陈美玲 的身份证号');
    await tap(line);
    // The detail is another lazy chunk: the router moves once it is in.
    await expect.poll(() => page.pathname()).toBe('/business/detail/11');
  });

  it('says so when nobody looked, and shows a refusal', async () => {
    await showsEmptyList(openViewLog, E.viewLog, '暂无查看记录');
  });

  it('shows the refusal of a non-leader', async () => {
    await showsRefusal(openViewLog, E.viewLog, '仅团队长可查看');
  });
});

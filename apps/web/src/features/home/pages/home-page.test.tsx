import * as EAuth from '@crm/domain/endpoints/auth';
import * as EExam from '@crm/domain/endpoints/exam';
import * as EHome from '@crm/domain/endpoints/home';
import type { UserInfo } from '@crm/domain/api/auth';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ELDER_CLASS } from '../../../lib/display-mode.ts';
import { getStoredUser, readItem, STORAGE_KEYS } from '../../../lib/storage.ts';
import { findToast, LEADER, loadFailureCases, network, ok, pageOf, renderPage, tap, on } from '../../../test/page.ts';

const userinfo = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 7,
  total: { pending: 3, service: 0, remind: 0, exam: 0, appeal: 0, sign: 0, reject: 0, proof: 0, confirm: 0, audit: 0 },
  signer_list: [],
  notice: [{ status: 'warning', text: '本月考核将于周五截止' }],
  near_pool: [],
  user: {
    id: 7,
    name: '王小明',
    corp_id: 1,
    corp_name: '易数科技',
    job: [1],
    leader: false,
    reject_approver: false,
    admin: false,
  },
  ...over,
});

/** 张组长 as userinfo describes him: the leader whose home shows the team card and the to-do inbox. */
const leaderUser: UserInfo['user'] = {
  id: 2,
  name: '张组长',
  corp_id: 1,
  corp_name: '易数科技',
  job: [1],
  leader: true,
  reject_approver: false,
  admin: false,
};

describe('/index', () => {
  it('switches 长辈版 on and off with one tap, at once and remembered on the phone, in plainer words', async () => {
    await renderPage('/index', { api: [on(EHome.userinfo, ok(userinfo()))] });
    const toggle = await screen.findByRole('switch', { name: /长辈版/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('button', { name: '问答与AI助手' })).toBeTruthy();
    try {
      await tap(toggle);
      expect(toggle.getAttribute('aria-checked')).toBe('true');
      expect(document.documentElement.classList.contains(ELDER_CLASS)).toBe(true);
      expect(readItem(STORAGE_KEYS.elderMode)).toBe('1');
      expect(screen.getByRole('button', { name: '常见问题' })).toBeTruthy();
      await tap(toggle);
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      expect(document.documentElement.classList.contains(ELDER_CLASS)).toBe(false);
      expect(readItem(STORAGE_KEYS.elderMode)).toBe('0');
    } finally {
      document.documentElement.classList.remove(ELDER_CLASS);
    }
  });

  it('greets the user and shows the cards of their role, with badge counts', async () => {
    const page = await renderPage('/index', { api: [on(EHome.userinfo, ok(userinfo()))] });
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(await screen.findByText('易数科技')).toBeTruthy();
    expect(await screen.findByText('本月考核将于周五截止')).toBeTruthy();
    const instalment = within(screen.getByRole('region', { name: '分期业务' }));
    const pending = instalment.getByRole('link', { name: /待跟进/ });
    expect(pending.getAttribute('href')).toBe('/business/pending');
    expect(pending.textContent).toContain('3');
    expect(screen.queryByRole('region', { name: '团队数据' })).toBeNull();
    expect(page.api.lastCall(EHome.userinfo).fields).toEqual({ id: '7' });
    // The stored user now carries what the server said.
    await expect.poll(() => getStoredUser()?.name).toBe('王小明');
  });

  it("draws the cached user's cards at once, before the server has answered", async () => {
    await renderPage('/index', {
      user: { id: 7, job: [1], leader: false, name: '王小明' },
      api: [on(EHome.userinfo, network.offline())],
    });
    expect(await screen.findByRole('region', { name: '分期业务' })).toBeTruthy();
    expect(screen.getByText('王小明')).toBeTruthy();
    expect(screen.queryByText('账户登录中...')).toBeNull();
  });

  it.each([
    ['贷款计算器', '/calculator'],
    ['问答与AI助手', '/faq/index'],
    ['钱包与积分工具', '/chattergee/home'],
  ])('opens %s, a tool of every staff member, with a tap', async (name, path) => {
    const page = await renderPage('/index', { api: [on(EHome.userinfo, ok(userinfo()))] });
    await tap(await screen.findByRole('button', { name }));
    await expect.poll(() => page.pathname()).toBe(path);
  });

  it('offers the 管理后台 link to an admin only', async () => {
    await renderPage('/index', {
      api: [on(EHome.userinfo, ok(userinfo({ user: { ...userinfo().user, admin: true } })))],
    });
    const link = await screen.findByRole('link', { name: '管理后台' });
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('hides the 管理后台 link from everyone else', async () => {
    await renderPage('/index', { api: [on(EHome.userinfo, ok(userinfo()))] });
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '管理后台' })).toBeNull();
  });

  it('shows the team card to a leader', async () => {
    await renderPage('/index', {
      user: LEADER,
      api: [on(EHome.userinfo, ok(userinfo({ user: leaderUser })))],
    });
    expect(await screen.findByRole('region', { name: '团队数据' })).toBeTruthy();
  });

  it('opens with a to-do inbox of what waits on a leader, each line a tap from its list', async () => {
    const page = await renderPage('/index', {
      user: LEADER,
      api: [
        on(
          EHome.userinfo,
          ok(
            userinfo({ user: leaderUser, total: { ...userinfo().total, pending: 2, confirm: 1, appeal: 4, sign: 9 } }),
          ),
        ),
      ],
    });
    const inbox = within(await screen.findByRole('region', { name: '待办' }));
    const lines = inbox.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    // A signing count without the signing job is not this person's to-do.
    expect(lines).toEqual([
      ['待跟进的客户2', '/business/pending'],
      ['待确认的还款1', '/business/moneyConfirm'],
      ['待处理的申诉4', '/team/appeal'],
    ]);
    await tap(inbox.getByRole('link', { name: /待确认的还款/ }));
    await expect.poll(() => page.pathname()).toBe('/business/moneyConfirm');
  });

  it('says on the 待办 which of my cases is about to go back to the pool, a tap to the case', async () => {
    await renderPage('/index', {
      api: [
        on(
          EHome.userinfo,
          ok(
            userinfo({
              total: { ...userinfo().total, pending: 0 },
              near_pool: [{ id: 41, name: '陈近海', due_at: '2026-12-03T02:00:00.000Z' }],
            }),
          ),
        ),
      ],
    });
    const inbox = within(await screen.findByRole('region', { name: '待办' }));
    const line = inbox.getByRole('link', { name: /即将进入公海/ });
    expect(line.textContent).toBe('陈近海 即将进入公海（12月3日前请跟进）');
    expect(line.getAttribute('href')).toBe('/business/detail/41');
  });

  it('shows no inbox when nothing waits', async () => {
    await renderPage('/index', {
      api: [on(EHome.userinfo, ok(userinfo({ total: { ...userinfo().total, pending: 0 } })))],
    });
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '待办' })).toBeNull();
  });

  it('without a logged-in user, says how to get in and calls nothing', async () => {
    const page = await renderPage('/index', { user: null });
    expect(await screen.findByText('未获取到登录信息，请从企业微信工作台打开应用，或重新登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login');
    expect(page.api.calls).toHaveLength(0);
  });

  it.each(loadFailureCases('账号已停用'))('shows %s as an alert', async (_name, reply, message) => {
    await renderPage('/index', { api: [on(EHome.userinfo, reply)] });
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText(message)).toBeTruthy();
  });

  it('offers a retry button when the user failed to load', async () => {
    const page = await renderPage('/index', { api: [on(EHome.userinfo, network.httpError(500))] });
    await page.retryFailedLoad(network.message, EHome.userinfo, ok(userinfo()));
    expect(await screen.findByText('易数科技')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("gives a leader who taps 考试回顾 before the answer lands the leader's tabs once it does", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await renderPage('/index', {
      // What the login stores: the id only, not yet known to lead a team.
      user: { id: 2, job: [], leader: false },
      api: [
        on(EHome.userinfo, async () => {
          await answered;
          return ok(userinfo({ id: 2, user: leaderUser }));
        }),
        on(EExam.answerList, ok(pageOf([]))),
      ],
    });
    await tap(await screen.findByRole('link', { name: /考试回顾/ }));
    expect(await screen.findByText('暂无答卷')).toBeTruthy();
    expect(screen.queryByText('待阅卷')).toBeNull();
    answer();
    expect(await screen.findByText('待阅卷', { selector: '.adm-tabs-tab' })).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ id: 2, leader: true, name: '张组长' });
  });

  it('logs out after confirmation, forgets the user and goes back to the login page', async () => {
    const page = await renderPage('/index', {
      api: [on(EHome.userinfo, ok(userinfo())), on(EAuth.logout, ok(null)), on(EAuth.corp, ok([]))],
    });
    await screen.findByText('王小明');
    await tap(screen.getByRole('button', { name: '退出登录' }));
    await screen.findByText('确定要退出登录吗？');
    await tap(screen.getByRole('button', { name: '确定' }));
    await expect.poll(() => page.api.callsTo(EAuth.logout).length).toBe(1);
    await expect.poll(page.pathname).toBe('/');
    expect(getStoredUser()).toBeNull();
  });

  it('still logs out locally when the server cannot be reached, saying so', async () => {
    const page = await renderPage('/index', {
      api: [on(EHome.userinfo, ok(userinfo())), on(EAuth.logout, network.httpError(502)), on(EAuth.corp, ok([]))],
    });
    await screen.findByText('王小明');
    await tap(screen.getByRole('button', { name: '退出登录' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast(network.message)).toBeTruthy();
    await expect.poll(page.pathname).toBe('/');
    expect(getStoredUser()).toBeNull();
  });
});

import * as E from '@crm/domain/endpoints/activity';
import type { ActivityDataPage, StaffActivity } from '@crm/domain/api/activity';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, loadFailureCases, network, ok, renderPage, on } from '../../../test/page.ts';

const anActivity = (overrides: Partial<StaffActivity> = {}): StaffActivity => ({
  id: 3,
  type: 'car',
  title: '新车试驾季',
  starts_at: '2026-05-01T00:00:00Z',
  ends_at: '2026-05-10T00:00:00Z',
  status: 'running',
  entries: 2,
  share_path: '/activity/car/register/3?ref=s1.abcdefghijklmnopqrstuv',
  ...overrides,
});

const aDataPage = (overrides: Partial<ActivityDataPage> = {}): ActivityDataPage => ({
  activity: { id: 3, title: '新车试驾季', type: 'car' },
  total: 1,
  list: [
    {
      id: 11,
      kind: 'register',
      name: '张三',
      phone: '139****9000',
      answers: { date: '2026-05-03', car_model: '轩逸' },
      shared_by: '王小明',
      created_at: '2026-05-02T02:00:00Z',
    },
  ],
  next_cursor: null,
  ...overrides,
});

describe('/business/activity', () => {
  it('lists the activities with my share link as a QR code and a way to the sign-ups', async () => {
    await renderPage('/business/activity', { api: [on(E.activityList, ok([anActivity()]))] });
    expect(await screen.findByText('新车试驾季')).toBeTruthy();
    expect(screen.getByText('进行中')).toBeTruthy();
    expect(screen.getByText(/报名 2 人/)).toBeTruthy();
    const qr = screen.getByRole('img', { name: '新车试驾季的分享二维码' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    // The signed link is scanned or copied, never printed as a raw address.
    expect(document.body.textContent).not.toMatch(/activity\/car\/register|ref=s1|https?:/);
    expect(screen.getByRole('link', { name: '查看名单' }).getAttribute('href')).toBe('/business/activityData/3');
  });

  it('copies my share link with a tap and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage('/business/activity', { api: [on(E.activityList, ok([anActivity()]))] });
    fireEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('已复制分享链接，可粘贴到聊天中发送')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/activity/car/register/3?ref=s1.abcdefghijklmnopqrstuv`,
    );
  });

  it('tells a salesperson of a company without activities whom to ask, with no developer command', async () => {
    await renderPage('/business/activity', { api: [on(E.activityList, ok([]))] });
    expect(await screen.findByText('还没有营销活动')).toBeTruthy();
    expect(await screen.findByText(/公司管理员在管理后台/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/npm|[A-Za-z]{3,}/);
  });

  it('redeems a typed code and says what it was', async () => {
    const page = await renderPage('/business/activity', {
      api: [
        on(E.activityList, ok([anActivity()])),
        on(
          E.couponRedeem,
          ok(
            {
              kind: 'coupon',
              code: 'ABCDE-FGHJK',
              title: '满5000减300',
              value_fen: 30000,
              expires_at: '2026-06-01T00:00:00Z',
              redeemed_at: '2026-05-02T02:00:00Z',
              activity_title: '家装节满减券',
            },
            '核销成功',
          ),
        ),
      ],
    });
    await screen.findByText('新车试驾季');
    fireEvent.change(screen.getByLabelText('券码'), { target: { value: 'abcde fghjk' } });
    expect(await page.sentFields('核销', '已核销：家装节满减券 · 满5000减300', E.couponRedeem)).toEqual({
      code: 'abcde fghjk',
    });
  });

  it('keeps the typed code when the server refuses it', async () => {
    const page = await renderPage('/business/activity', {
      api: [on(E.activityList, ok([])), on(E.couponRedeem, fail('该券码已过期'))],
    });
    expect(await screen.findByText('还没有营销活动')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('券码'), { target: { value: 'ABCDE-FGHJK' } });
    await page.sentFields('核销', '该券码已过期', E.couponRedeem);
    expect(screen.getByLabelText<HTMLInputElement>('券码').value).toBe('ABCDE-FGHJK');
  });

  it.each(loadFailureCases('仅返佣岗位只能查看返佣申请'))('shows %s with a retry', async (_name, reply, message) => {
    const page = await renderPage('/business/activity', { api: [on(E.activityList, reply)] });
    expect(await screen.findByText('营销活动加载失败')).toBeTruthy();
    await page.retryFailedLoad(message, E.activityList, ok([anActivity()]));
    expect(await screen.findByText('新车试驾季')).toBeTruthy();
  });
});

describe('/business/activityData/:id', () => {
  it('shows the bookings with who shared the link', async () => {
    const page = await renderPage('/business/activityData/3', {
      api: [on(E.getActivityDataList, ok(aDataPage()))],
    });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText(/139\*\*\*\*9000/)).toBeTruthy();
    expect(screen.getByText(/轩逸 · 2026-05-03 · 分享人：王小明/)).toBeTruthy();
    expect(screen.getByText(/共 1 条/)).toBeTruthy();
    expect(page.api.callsTo(E.getActivityDataList)[0]?.fields).toMatchObject({ activity_id: '3' });
  });

  it('says so when nobody has signed up', async () => {
    await renderPage('/business/activityData/3', {
      api: [on(E.getActivityDataList, ok(aDataPage({ list: [], total: 0 })))],
    });
    expect(await screen.findByText('还没有人报名')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const page = await renderPage('/business/activityData/3', {
      api: [on(E.getActivityDataList, network.httpError(500))],
    });
    expect(await screen.findByText('报名名单加载失败')).toBeTruthy();
    await page.retryFailedLoad(network.message, E.getActivityDataList, ok(aDataPage()));
    expect(await screen.findByText('张三')).toBeTruthy();
  });
});

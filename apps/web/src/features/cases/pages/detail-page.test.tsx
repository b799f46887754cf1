import * as E from '@crm/domain/endpoints/cases';
import * as EConsent from '@crm/domain/endpoints/consent';
import * as EOwnership from '@crm/domain/endpoints/ownership';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, on, loadFailureCases, network, ok, type ReplyData } from '../../../test/fake-api.ts';
import { aCase, aCaseDetail, LEADER, pageOf, renderPage, findToast, renderPageWith, tap } from '../../../test/page.ts';

/** Case 11's page; each test's `api` replaces the detail it answers or adds the calls it makes. */
const openCase = renderPageWith('/business/detail/11', { api: [on(E.detail, ok(aCaseDetail()))] });

describe('/business/detail/:id', () => {
  it('shows the case, its timeline and the links to what may be done', async () => {
    const page = await openCase([on(E.detail, ok(aCaseDetail({ can_edit: true })))]);
    expect(await screen.findByText('陈美玲')).toBeTruthy();
    expect(screen.getByText('13912345678')).toBeTruthy();
    expect(screen.getByText('¥50,000.00')).toBeTruthy();
    expect(screen.getByText('招商银行')).toBeTruthy();
    expect(screen.getByText('提交报单 · 签约中')).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改' }).getAttribute('href')).toBe('/business/edit?id=11');
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(page.api.lastCall(E.detail)).toMatchObject({ method: 'GET', query: { id: '11' } });
  });

  it('calls the client in one tap and leads to the repayments and proofs of the case', async () => {
    await openCase();
    const phone = await screen.findByRole('link', { name: '13912345678' });
    expect(phone.getAttribute('href')).toBe('tel:13912345678');
    expect(screen.getByRole('link', { name: '还款记录' }).getAttribute('href')).toBe('/business/money?id=11');
    expect(screen.getByRole('link', { name: '还款凭证' }).getAttribute('href')).toBe('/business/upload?id=11');
  });

  it('leads its readers to the financing agreement, and only them', async () => {
    await openCase([on(E.detail, ok(aCaseDetail({ can_view_pact: true })))]);
    expect((await screen.findByRole('link', { name: '融资协议' })).getAttribute('href')).toBe(
      '/business/financePact/11',
    );
  });

  it('hides the financing agreement from whoever may not read it', async () => {
    await openCase();
    expect(await screen.findByText('招商银行')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '融资协议' })).toBeNull();
  });

  it('shows the signing rejection reason', async () => {
    await openCase([on(E.detail, ok(aCaseDetail({ status: 2, reject_note: '客户未到场' })))]);
    expect(await screen.findByText(/驳回原因：.*客户未到场/)).toBeTruthy();
  });

  it.each(loadFailureCases('无权查看该报单'))('shows %s', async (_name, reply, message) => {
    await openCase([on(E.detail, reply)]);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('加载失败，点击重试')).toBeTruthy();
  });

  it('offers a retry when the case failed to load', async () => {
    const page = await openCase([on(E.detail, network.httpError(500))]);
    await page.retryFailedLoad(network.message, E.detail, ok(aCaseDetail()));
    expect(await screen.findByText('招商银行')).toBeTruthy();
  });

  it('moves the case to the next status with the reason typed', async () => {
    const page = await openCase([
      on(E.detail, ok(aCaseDetail({ moves: [{ to: 3, needs_reason: false }] }))),
      on(E.updateClientStatus, ok(null, '状态已更新')),
    ]);
    await tap(await screen.findByRole('button', { name: '改为「审批中」' }));
    fireEvent.change(document.getElementById('move-reason') as HTMLTextAreaElement, { target: { value: '资料齐全' } });
    expect(await page.sentFields('确定', '状态已更新', E.updateClientStatus)).toMatchObject({
      id: '11',
      status: '3',
      reason: '资料齐全',
    });
  });

  it.each([
    ['a reason typed', { to: 3, needs_reason: true }, '改为「审批中」', '请填写原因'],
    ['one of the rejection reasons', { to: 6, needs_reason: true }, '改为「已拒绝」', '请选择驳回原因'],
  ])('keeps the move sheet open with its message when %s is missing', async (_name, moveTo, button, message) => {
    const page = await openCase([on(E.detail, ok(aCaseDetail({ moves: [moveTo] })))]);
    await tap(await screen.findByRole('button', { name: button }));
    await tap(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(page.api.callsTo(E.updateClientStatus)).toHaveLength(0);
  });

  it('deletes the case after confirmation and goes back to the list', async () => {
    const page = await openCase([
      on(E.detail, ok(aCaseDetail({ can_delete: true }))),
      on(E.delClient, ok(null, '报单已删除')),
      on(E.clientList, ok({ list: [], next_cursor: null })),
    ]);
    await tap(await screen.findByRole('button', { name: '删除' }));
    const backToList = { movesTo: '/business/list' };
    expect(
      await page.confirmedFields('删除后不可恢复，确定删除该报单吗？', '报单已删除', E.delClient, backToList),
    ).toEqual({ id: '11' });
  });
});

describe('/business/detail/:id for a non-owner (decision 058)', () => {
  it('shows the numbers masked, and one in full after a tap that asks the server (which logs it)', async () => {
    const page = await openCase([
      on(
        E.detail,
        ok(aCaseDetail({ masked: true, phone: '139****5678', id_number: '110105********002X', bank_card: '' })),
      ),
      on(E.revealClient, ok({ value: '11010519491231002X' })),
    ]);
    expect(await screen.findByText('139****5678')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '13912345678' })).toBeNull();
    await tap(screen.getByRole('button', { name: '查看完整身份证号' }));
    expect(await screen.findByText('11010519491231002X')).toBeTruthy();
    expect(page.api.lastCall(E.revealClient)).toMatchObject({
      method: 'POST',
      fields: { id: '11', field: 'id_number' },
    });
  });

  it('keeps the number masked and says why when the server refuses', async () => {
    await openCase([
      on(E.detail, ok(aCaseDetail({ masked: true, phone: '139****5678' }))),
      on(E.revealClient, fail('无权查看该报单')),
    ]);
    await tap(await screen.findByRole('button', { name: '查看完整手机号码' }));
    expect(await findToast('无权查看该报单')).toBeTruthy();
    expect(screen.getByText('139****5678')).toBeTruthy();
  });

  it('shows the fees, the all-in cost, a warning above the company line, and leads to 匹配产品', async () => {
    await openCase([
      on(
        E.detail,
        ok(
          aCaseDetail({
            fees: [{ kind: 'guarantee', mode: 'once', amount_fen: 240_000, payee: '担保公司' }],
            all_in_cost: 26.4,
            all_in_cost_cap: 24,
          }),
        ),
      ),
    ]);
    expect(await screen.findByText('担保费 · 一次性 ¥2,400.00 · 担保公司')).toBeTruthy();
    expect(screen.getByText('26.40%')).toBeTruthy();
    expect(screen.getByText('综合年化成本 26.40% 超过公司预警线 24%，请向客户说明全部费用')).toBeTruthy();
    expect(screen.getByRole('link', { name: '匹配产品' }).getAttribute('href')).toBe('/business/match?client_id=11');
  });

  it('warns of nothing at or below the company line', async () => {
    await openCase([on(E.detail, ok(aCaseDetail({ all_in_cost: 12.5, all_in_cost_cap: 24 })))]);
    expect(await screen.findByText('12.50%')).toBeTruthy();
    expect(screen.queryByText(/超过公司预警线/)).toBeNull();
  });
});

describe('/business/detail/:id: merging two records of one customer (decision 066)', () => {
  it('lets a leader pick the duplicate among the team’s cases of the name, confirms, and merges it into this one', async () => {
    const page = await renderPage('/business/detail/11', {
      user: LEADER,
      api: [
        on(E.detail, ok(aCaseDetail())),
        on(E.clientList, ok(pageOf([aCase({ id: 11, name: '陈美玲' }), aCase({ id: 15, name: '陈美玲' })]))),
        on(
          EOwnership.mergeClients,
          ok(
            {
              keep_id: 11,
              merge_id: 15,
              moved: {
                follow_ups: 1,
                repayments: 0,
                proofs: 0,
                images: 0,
                events: 2,
                sign_tasks: 0,
                esign_orders: 0,
                pacts: 0,
              },
            },
            '已合并',
          ),
        ),
      ],
    });
    await tap(await screen.findByRole('button', { name: '合并客户' }));
    expect(await screen.findByText('#15 陈美玲')).toBeTruthy();
    // The case itself is not offered.
    expect(screen.queryByText('#11 陈美玲')).toBeNull();
    expect(page.api.lastCall(E.clientList).fields).toMatchObject({ scope: 'team', keyword: '陈美玲' });
    await tap(screen.getByRole('button', { name: '合并到本报单' }));
    expect(await screen.findByText('确定把报单 #15（陈美玲）合并到报单 #11 吗？合并后不能撤销。')).toBeTruthy();
    expect(page.api.callsTo(EOwnership.mergeClients)).toHaveLength(0);
    await tap(screen.getAllByRole('button', { name: '合并到本报单' }).at(-1) as HTMLElement);
    expect(await findToast('已合并')).toBeTruthy();
    expect(page.api.lastCall(EOwnership.mergeClients).fields).toEqual({ keep_id: '11', merge_id: '15' });
  });

  it('says where a merged record went, links there, and offers no action on it', async () => {
    await openCase([on(E.detail, ok(aCaseDetail({ merged_into: 15, can_edit: true })))]);
    expect(await screen.findByText('该客户已合并至报单 #15，本记录只读')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/business/detail/15');
    expect(screen.queryByRole('link', { name: '修改' })).toBeNull();
    expect(screen.queryByRole('button', { name: '合并客户' })).toBeNull();
  });

  it('offers no merge to a salesperson', async () => {
    await openCase();
    await screen.findByText('陈美玲');
    expect(screen.queryByRole('button', { name: '合并客户' })).toBeNull();
  });
});

describe('/business/detail/:id: the client consent (decision 073)', () => {
  type ConsentStatus = ReplyData<typeof EConsent.consentStatus>;
  const status = (over: Partial<ConsentStatus> = {}): ConsentStatus => ({
    case_id: 11,
    state: 'none',
    state_label: '未授权',
    given: null,
    withdrawal: null,
    link_expires_at: null,
    can_manage: true,
    current_version: 'pfi-2026-11',
    ...over,
  });

  it('says consent is missing and sends a link the salesperson passes on', async () => {
    const page = await openCase([
      on(EConsent.consentStatus, ok(status())),
      on(EConsent.consentRequest, ok({ link: 'http://x/interface/consent?t=abc', expires_at: '2026-12-01T00:00:00Z' })),
    ]);
    expect(await screen.findByText('未授权')).toBeTruthy();
    await tap(await screen.findByRole('button', { name: '发送授权短信' }));
    expect(await screen.findByText('http://x/interface/consent?t=abc')).toBeTruthy();
    expect(page.api.lastCall(EConsent.consentRequest)).toMatchObject({ method: 'POST' });
  });

  it('shows consent in hand and offers its withdrawal', async () => {
    await openCase([
      on(
        EConsent.consentStatus,
        ok(
          status({
            state: 'given',
            state_label: '已授权',
            given: {
              id: 1,
              method: 'paper',
              method_label: '纸质授权书',
              text_version: 'pfi-2026-11',
              given_at: '2026-11-20T02:00:00Z',
              recorded_by_name: '王小明',
              ip: null,
              user_agent: null,
              photo: null,
            },
          }),
        ),
      ),
    ]);
    expect(await screen.findByText('已授权')).toBeTruthy();
    expect(screen.getByRole('button', { name: '撤回' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发送授权短信' })).toBeNull();
  });
});

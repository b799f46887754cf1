import * as E from '@crm/domain/endpoints/house';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, failField, ok, on } from '../../../test/fake-api.ts';
import { aHouseDetail, findFieldError, findToast, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { aReceiver, sentFieldsOpening, submit } from '../test-kit.ts';

const CLIENT = ok(aHouseDetail({ can_set_brokerage: true }));
/** Client 71, whose brokerage may be set, and two receivers to split it between. */
const renderSetBrokerage = renderPageWith('/business/houseSetBrokerage/0/71', {
  api: [
    on(E.getHouseDetail, CLIENT),
    on(E.houseBrokerageUser, ok(pageOf([aReceiver(95, '吴刚', null), aReceiver(96, '郑敏', null)]))),
  ],
});

describe('/business/houseSetBrokerage/:father/:id', () => {
  it('previews the brokerage and its split, then sets it and goes back to the client', async () => {
    const page = await renderSetBrokerage([
      on(E.setHouseBrokerage, ok({ state: 'approved', amount_fen: 1_200_000, parts_fen: [600_000, 600_000] })),
    ]);
    expect(await screen.findByText('赵磊 · 贷款金额 ¥1,000,000.00')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('如 1.2'), { target: { value: '1.2' } });
    expect(screen.getByText('返佣总额 ¥12,000.00')).toBeTruthy();
    expect(screen.queryByText('超出限额，提交后等待房贷财务审批')).toBeNull();
    await tap(screen.getByText('吴刚'));
    await tap(screen.getByText('郑敏'));
    expect(screen.getAllByText(/¥6,000\.00/)).toHaveLength(2);
    const opened = '/business/houseDetail/0/71';
    expect(await sentFieldsOpening(page, '提交', '返佣已生效，返佣单已生成', E.setHouseBrokerage, opened)).toEqual({
      id: '71',
      rate: '1.2',
      user_ids: '95,96',
      shares: '1,1',
    });
  });

  it('warns that an over-limit rate waits for finance, and says so once sent', async () => {
    await renderSetBrokerage([
      on(E.setHouseBrokerage, ok({ state: 'pending_audit', amount_fen: 2_000_000, parts_fen: [2_000_000] })),
    ]);
    fireEvent.change(await screen.findByPlaceholderText('如 1.2'), { target: { value: '2' } });
    expect(screen.getByText('超出限额，提交后等待房贷财务审批')).toBeTruthy();
    await tap(screen.getByText('吴刚'));
    await submit();
    expect(await findToast('已提交超限审批，等待房贷财务处理')).toBeTruthy();
  });

  it("shows the server's refusal of the rate under it (issue 39)", async () => {
    await renderSetBrokerage([on(E.setHouseBrokerage, failField('rate', '返佣比例不能超过公司上限 3%'))]);
    fireEvent.change(await screen.findByPlaceholderText('如 1.2'), { target: { value: '1.2' } });
    await tap(screen.getByText('吴刚'));
    await submit();
    expect((await findFieldError('返佣比例（%）')).textContent).toBe('返佣比例不能超过公司上限 3%');
  });

  it('sends nothing without a receiver, and shows a refusal', async () => {
    const page = await renderSetBrokerage([on(E.setHouseBrokerage, fail('返佣已设置'))]);
    fireEvent.change(await screen.findByPlaceholderText('如 1.2'), { target: { value: '1.2' } });
    await submit();
    await expect.poll(() => document.querySelector('.crm-toast')?.textContent ?? '').not.toBe('');
    expect(page.api.callsTo(E.setHouseBrokerage)).toHaveLength(0);
    await tap(screen.getByText('吴刚'));
    await submit();
    expect(await findToast('返佣已设置')).toBeTruthy();
  });

  it('says there are no receivers yet', async () => {
    await renderSetBrokerage([on(E.houseBrokerageUser, ok(pageOf([])))]);
    expect(await screen.findByText('还没有返佣人，请先新增')).toBeTruthy();
  });

  it('shows a failure to load the client', async () => {
    await renderSetBrokerage([on(E.getHouseDetail, fail('客户不存在')), on(E.houseBrokerageUser, ok(pageOf([])))]);
    expect(await screen.findByText('客户不存在')).toBeTruthy();
  });

  it('offers a retry when the client failed to load', async () => {
    const shown = '赵磊 · 贷款金额 ¥1,000,000.00';
    await retriesFailedLoad(renderSetBrokerage, E.getHouseDetail, CLIENT, shown, fail('系统繁忙'));
  });
});

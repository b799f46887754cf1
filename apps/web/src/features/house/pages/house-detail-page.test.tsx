import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFailureCases, network, ok, on } from '../../../test/fake-api.ts';
import { aHouseClient, aHouseDetail, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { confirmedAfterTapping } from '../test-kit.ts';

const renderDetail = renderPageWith('/business/houseDetail/0/71', {
  api: [on(E.getHouseDetail, ok(aHouseDetail()))],
});

describe('/business/houseDetail/:father/:id', () => {
  it('shows the client, the referral chain and image counts', async () => {
    const page = await renderDetail([
      on(
        E.getHouseDetail,
        ok(
          aHouseDetail(
            { chain: [{ id: 60, name: '孙丽' }], images: [{ house_type: 2, count: 3 }] },
            { remark: '急用' },
          ),
        ),
      ),
    ]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.getByText('¥1,000,000.00')).toBeTruthy();
    expect(screen.getByText('孙丽')).toBeTruthy();
    expect(screen.getByText('急用')).toBeTruthy();
    expect(screen.getByText('3 张')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除客户' })).toBeNull();
    expect(page.api.lastCall(E.getHouseDetail).query).toEqual({ id: '71' });
  });

  it("masks the client's phone and ID number for the owner too; 查看 asks the server for each, which logs it", async () => {
    const page = await renderDetail([
      on(E.getHouseDetail, ok(aHouseDetail({}, { phone: '138****0001', id_number: '310101********1234' }))),
      on(E.revealHouseContact, ok({ value: '310101199001011234' })),
    ]);
    expect(await screen.findByText('138****0001')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '查看完整身份证号' }));
    expect(await screen.findByText('310101199001011234')).toBeTruthy();
    expect(page.api.lastCall(E.revealHouseContact).fields).toEqual({
      kind: 'client',
      id: '71',
      field: 'id_number',
    });
    expect(screen.getByRole('button', { name: '查看完整手机号' })).toBeTruthy();
  });

  it('opens the images of a type on tap', async () => {
    const page = await renderDetail([on(E.getHouseImg, ok([]))]);
    await tap(await screen.findByText('房产证'));
    await expect.poll(page.pathname).toBe('/business/houseUpload/71/2');
  });

  it('shows that no one referred the client', async () => {
    await renderDetail();
    expect(await screen.findByText('无推荐人')).toBeTruthy();
  });

  it.each(loadFailureCases('客户不存在'))('shows %s', async (_name, reply, message) => {
    await renderDetail([on(E.getHouseDetail, reply)]);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry when the client failed to load', async () => {
    await retriesFailedLoad(renderDetail, E.getHouseDetail, ok(aHouseDetail()), '赵磊', network.offline());
  });

  it('deletes the client after confirmation and goes back to the list', async () => {
    const page = await renderDetail([
      on(E.getHouseDetail, ok(aHouseDetail({ can_delete: true }))),
      on(E.delHouseClient, ok({ id: 1 })),
      on(E.houseStatus, ok([])),
      on(E.getHouseList, ok(pageOf([aHouseClient({ id: 72, name: '钱多' })]))),
    ]);
    const question = '删除后不可恢复，确定删除该客户吗？';
    expect(await confirmedAfterTapping(page, '删除客户', question, '已删除', E.delHouseClient)).toEqual({
      id: '71',
    });
    await expect.poll(page.pathname).toBe('/business/house');
  });
});

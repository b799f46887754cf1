import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, ok, renderPageWith, tap, on } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { aPartner } from '../../../test/outside-data.ts';

const renderHome = renderPageWith('/outside/index', { user: null });
/** The home as the official account's menu opens it, with an openid in the address. */
const renderHomeFromWeChat = renderPageWith('/outside/index/o-abc', { user: null });

describe('/outside/index/:openid?', () => {
  it("shows the partner's name, company, counts, protection days and tiles, with no header", async () => {
    const page = await renderHomeFromWeChat([on(E.getOutsideUser, ok(aPartner()))]);
    expect(await screen.findByText('李伙伴')).toBeTruthy();
    expect(screen.getByText('一号金融')).toBeTruthy();
    expect(screen.getByText('保护中').parentElement?.textContent).toBe('3保护中');
    expect(screen.getByText('已转报单').parentElement?.textContent).toBe('2已转报单');
    expect(screen.getByText('报备保护期 30 天')).toBeTruthy();
    expect(screen.getByRole('link', { name: '报备客户' }).getAttribute('href')).toBe('/outside/add');
    expect(screen.getByRole('link', { name: /工作台/ }).getAttribute('href')).toBe('/outside/work');
    expect(document.querySelector('.app-header')).toBeNull();
    // The openid is not identity: nothing sends it.
    expect(page.api.calls.some((call) => JSON.stringify(call).includes('o-abc'))).toBe(false);
  });

  it('while pending, says so and the tiles that need approval explain why', async () => {
    await renderHome([on(E.getOutsideUser, ok(aPartner({ status: 0, status_label: '待审核' })))]);
    expect(await screen.findByText('等待公司审核，通过后即可报备客户')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '报备客户' })).toBeNull();
    await tap(screen.getByRole('button', { name: '报备客户' }));
    expect(await findToast('账号审核通过后才能使用')).toBeTruthy();
  });

  it('when declined, shows the reason', async () => {
    await renderHome([on(E.getOutsideUser, ok(aPartner({ status: 2, decline_reason: '资料不全' })))]);
    expect(await screen.findByText('审核未通过：资料不全')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    await retriesFailedLoad(renderHome, E.getOutsideUser, ok(aPartner()), '李伙伴');
  });
});

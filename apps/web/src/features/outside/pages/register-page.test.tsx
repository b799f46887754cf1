import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, inputValue, ok, renderPage, tap, typeInto, on } from '../../../test/page.ts';
import { aPartner } from '../../../test/outside-data.ts';

const INVITE = { corp_id: 1, corp_name: '一号金融', inviter_name: '王**' };

describe('/outside/register', () => {
  it('prefills the invite code from the link, shows the company and inviter, registers and opens home', async () => {
    const page = await renderPage('/outside/register?invite=ABCD2345&corp=1', {
      user: null,
      api: [
        on(E.outsideInvite, ok(INVITE)),
        on(E.outsideRegister, ok(aPartner({ status: 0, status_label: '待审核' }), '注册成功')),
        on(E.getOutsideUser, ok(aPartner({ status: 0, status_label: '待审核' }))),
      ],
    });
    expect(await screen.findByText(/邀请您加入：一号金融/)).toBeTruthy();
    expect(screen.getByText(/邀请人：王\*\*/)).toBeTruthy();
    expect(inputValue('outside-register-invite_code')).toBe('ABCD2345');
    expect(page.api.lastCall(E.outsideInvite).query).toEqual({ code: 'ABCD2345' });
    typeInto('outside-register-name', '李伙伴');
    typeInto('outside-register-phone', '13800138000');
    typeInto('outside-register-code', '123456');
    expect(await page.sentFieldsMovingTo('注册', '/outside/index', E.outsideRegister)).toEqual({
      name: '李伙伴',
      phone: '13800138000',
      code: '123456',
      invite_code: 'ABCD2345',
      corp_id: '1',
    });
    expect(await screen.findByText('等待公司审核，通过后即可报备客户')).toBeTruthy();
  });

  it('without an invite link, names the missing fields and sends nothing', async () => {
    const page = await renderPage('/outside/register', { user: null });
    await tap(await screen.findByRole('button', { name: '注册' }));
    expect(await screen.findByText('请填写姓名', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByText('请填写邀请码', { selector: '[role="alert"]' })).toBeTruthy();
    expect(page.api.callsTo(E.outsideRegister)).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    await renderPage('/outside/register?invite=ABCD2345&corp=1', {
      user: null,
      api: [on(E.outsideInvite, ok(INVITE)), on(E.outsideRegister, fail('该手机号已注册'))],
    });
    await screen.findByText(/邀请您加入/);
    typeInto('outside-register-name', '李伙伴');
    typeInto('outside-register-phone', '13800138000');
    typeInto('outside-register-code', '123456');
    await tap(screen.getByRole('button', { name: '注册' }));
    expect(await findToast('该手机号已注册')).toBeTruthy();
  });

  it("says so when the link's invite code is unknown", async () => {
    await renderPage('/outside/register?invite=ZZZZ2345', {
      user: null,
      api: [on(E.outsideInvite, fail('邀请码无效'))],
    });
    expect(await screen.findByText('邀请码无效')).toBeTruthy();
    expect(screen.queryByText(/邀请您加入/)).toBeNull();
  });
});

import * as E from '@crm/domain/endpoints/house';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on } from '../../../test/fake-api.ts';
import { aHouseClient, aHouseDetail, findToast, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { aChannel, fillIn, savedFields, search, sendsNothingEmpty, submit } from '../test-kit.ts';

/** The channels the form offers. */
const CHANNELS = on(E.getHouseChannelList, ok(pageOf([aChannel()])));
/** The server taking the client in as 71, and the detail opened after. */
const ADDS = [CHANNELS, on(E.addHouseClient, ok({ id: 71 })), on(E.getHouseDetail, ok(aHouseDetail()))];
/** The form, with the channels it offers; each test adds what the server answers to the submit. */
const renderAdd = renderPageWith('/business/houseAdd', {
  api: [CHANNELS],
});
/** The form as a channel's page opens it, to take in a client the channel referred. */
const renderAddFromChannel = renderPageWith('/business/houseAdd?channel=5', { api: ADDS });

/** What `fill` types, and so what the form sends. */
const TYPED = { name: '赵磊', phone: '13800000001', loan_amount: '1000000', bank: '工商银行' };

async function fill() {
  await fillIn({
    请输入客户姓名: TYPED.name,
    请输入手机号码: TYPED.phone,
    请输入贷款金额: TYPED.loan_amount,
    请输入贷款银行: TYPED.bank,
  });
  // The term sheet opens on 20 years.
  await tap(screen.getByText('请选择期限'));
  const sheet = (await screen.findAllByText('确定'))
    .map((button) => button.closest('.adm-picker'))
    .find((picker) => picker?.closest('.adm-popup-body:not([style*="display: none"])'));
  await tap(within(sheet as HTMLElement).getByText('确定'));
}

describe('/business/houseAdd', () => {
  it('names the term control by its label and what it shows (axe: label and content agree)', async () => {
    await renderAdd(ADDS);
    const term = await screen.findByRole('button', { name: '贷款期限 请选择期限' });
    expect(term.id).toBe('house-term');
    fireEvent.keyDown(term, { key: 'Enter' });
    expect((await screen.findAllByText('确定')).length).toBeGreaterThan(0);
  });

  it('takes in a client and opens their detail', async () => {
    const page = await renderAdd(ADDS);
    await fill();
    expect(await savedFields(page, E.addHouseClient, '/business/houseDetail/0/71')).toMatchObject({
      ...TYPED,
      term_months: '240',
      product: 'mortgage',
      channel_id: 'null',
    });
  });

  it('picks the referring client from my clients, searched by name or phone tail, not by typing an id', async () => {
    const page = await renderAdd([
      ...ADDS,
      on(E.getHouseList, ok(pageOf([aHouseClient({ id: 42, name: '钱多多', phone: '139****8888' })]))),
    ]);
    await fill();
    expect(screen.queryByPlaceholderText(/客户编号/)).toBeNull();
    await tap(screen.getByRole('button', { name: '推荐客户 选填，从我的客户中选择' }));
    const picker = within(await screen.findByRole('dialog', { name: '选择推荐客户' }));
    search('8888');
    await expect.poll(() => page.api.lastCall(E.getHouseList).fields.keyword).toBe('8888');
    await tap(await picker.findByText('钱多多'));
    expect(await screen.findByRole('button', { name: '推荐客户 钱多多' })).toBeTruthy();
    await submit();
    await expect.poll(() => page.api.callsTo(E.addHouseClient).length).toBe(1);
    expect(page.api.lastCall(E.addHouseClient).fields).toMatchObject({ referrer_id: '42' });
  });

  it('takes the channel from the address when opened from a channel', async () => {
    const page = await renderAddFromChannel();
    expect(await screen.findByText('链家静安寺店')).toBeTruthy();
    await fill();
    await submit();
    await expect.poll(() => page.api.callsTo(E.addHouseClient).length).toBe(1);
    expect(page.api.lastCall(E.addHouseClient).fields).toMatchObject({ channel_id: '5' });
  });

  it("shows the rules' messages beside the fields and sends nothing", async () => {
    await sendsNothingEmpty(await renderAdd(), E.addHouseClient, '请输入客户姓名');
  });

  it('says a loan amount over the cap is too large and sends nothing (issue 39)', async () => {
    const page = await renderAdd(ADDS);
    await fillIn({ 请输入贷款金额: '100000000' });
    await submit();
    expect(await screen.findAllByText('金额不能超过 99,999,999.99 元')).not.toHaveLength(0);
    expect(page.api.callsTo(E.addHouseClient)).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses', async () => {
    await renderAdd([on(E.addHouseClient, fail('该手机号已是您的客户'))]);
    await fill();
    await submit();
    expect(await findToast('该手机号已是您的客户')).toBeTruthy();
    expect(screen.getByDisplayValue('赵磊')).toBeTruthy();
  });
});

/** The draft is written a moment after typing stops (lib/form-draft.ts). */
const draftWritten = () => new Promise((resolve) => setTimeout(resolve, 450));
const nameValue = () => screen.queryByPlaceholderText<HTMLInputElement>('请输入客户姓名')?.value;

describe('/business/houseAdd: the unsent draft (decision 058)', () => {
  it('restores what was typed after the page is closed and opened again, and forgets it once sent', async () => {
    const first = await renderAdd();
    await fill();
    await draftWritten();
    first.unmount();

    const page = await renderAdd(ADDS);
    await expect.poll(nameValue).toBe('赵磊');
    expect(screen.getByDisplayValue('工商银行')).toBeTruthy();
    expect(screen.getByText('240 个月（20 年）')).toBeTruthy();
    expect(await savedFields(page, E.addHouseClient, '/business/houseDetail/0/71')).toMatchObject({
      name: '赵磊',
      term_months: '240',
    });
    await draftWritten();
    page.unmount();

    await renderAdd();
    await screen.findByRole('button', { name: '提交' });
    await draftWritten();
    expect(nameValue()).toBe('');
  });

  it('sends a submit lost on a weak network again under its own key after the window was closed', async () => {
    const first = await renderAdd([on(E.addHouseClient, network.offline())]);
    await fill();
    await submit();
    expect(await screen.findByText(network.message)).toBeTruthy();
    const key = first.api.lastCall(E.addHouseClient).headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await draftWritten();
    first.unmount();

    // The server had made the client: the same key gets its answer back, not a second client.
    const page = await renderAdd(ADDS);
    await expect.poll(nameValue).toBe('赵磊');
    await submit();
    await expect.poll(page.pathname).toBe('/business/houseDetail/0/71');
    expect(page.api.callsTo(E.addHouseClient).map((call) => call.headers['idempotency-key'])).toEqual([key]);
  });
});

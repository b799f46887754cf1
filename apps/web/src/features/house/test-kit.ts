/**
 * What the house page tests share beyond the app's harness (test/page.ts): the house people who log in, a
 * channel and a brokerage receiver as the server lists them, and the steps many of the tests take.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { confirmOpenPicker, tap, type ApiCall, type CallTarget, type PageView } from '../../test/page.ts';

export const FINANCE = { id: 3, job: [4], leader: false, name: '财务老陈' };
export const FINANCE_LEADER = { id: 3, job: [4], leader: true, name: '财务老陈' };
export const STEWARD = { id: 9, job: [5], leader: false, name: '管家小林' };

export const aChannel = (over: { remark?: string; enabled?: boolean } = {}) => ({
  id: 5,
  name: '链家静安寺店',
  contact: '钱经理',
  phone: '138****0005',
  remark: '',
  owner_id: 7,
  owner_name: '王小明',
  client_count: 2,
  created_at: '2026-11-01T00:00:00.000Z',
  enabled: true,
  ...over,
});

export const aReceiver = (id = 95, name = '吴刚', channelName: string | null = '链家静安寺店') => ({
  id,
  name,
  phone: '13600000003',
  bank_name: '招商银行',
  bank_card: '************1234',
  channel_name: channelName,
  created_at: '2026-11-02T00:00:00.000Z',
});

/** Types into the inputs found by their placeholders, waiting for the form to show first. */
export async function fillIn(values: Record<string, string>): Promise<void> {
  for (const [placeholder, value] of Object.entries(values)) {
    fireEvent.change(await screen.findByPlaceholderText(placeholder), { target: { value } });
  }
}

/** Taps the form's 提交 button. */
export const submit = (): Promise<void> => tap(screen.getByRole('button', { name: '提交' }));

/**
 * Sends as page.sentFields does (taps `button`, waits for `toast`, gives the fields sent to `path`), then waits
 * until the page has moved on to `opened`: a saved form opens what it made, or goes back to its list.
 */
export async function sentFieldsOpening(
  page: PageView,
  button: string,
  toast: string,
  path: CallTarget,
  opened: string,
): Promise<ApiCall['fields']> {
  const fields = await page.sentFields(button, toast, path);
  await expect.poll(page.pathname).toBe(opened);
  return fields;
}

/**
 * Submits the form, waits for 保存成功 and gives the fields the page sent to `path`; given `opened`, also waits
 * until the page has moved on there.
 */
export const savedFields = (page: PageView, path: CallTarget, opened?: string): Promise<ApiCall['fields']> =>
  opened === undefined
    ? page.sentFields('提交', '保存成功', path)
    : sentFieldsOpening(page, '提交', '保存成功', path, opened);

/**
 * Taps `button`, answers the confirmation asking `question` with 确定, waits for `toast` and gives the fields
 * the page sent to `path` (page.confirmedFields after the tap that asks).
 */
export async function confirmedAfterTapping(
  page: PageView,
  button: string,
  question: string,
  toast: string,
  path: CallTarget,
): Promise<ApiCall['fields']> {
  await tap(await screen.findByRole('button', { name: button }));
  return page.confirmedFields(question, toast, path);
}

/** Taps `button` on the empty form: the rules' `message` shows beside its field, and nothing goes to `path`. */
export async function sendsNothingEmpty(
  page: PageView,
  path: CallTarget,
  message: string,
  button = '提交',
): Promise<void> {
  await tap(await screen.findByRole('button', { name: button }));
  expect(await screen.findByText(message, { selector: '[role=alert]' })).toBeTruthy();
  expect(page.api.callsTo(path)).toHaveLength(0);
}

/** Searches a house list as a person does: types into the search bar and presses Enter. */
export function search(keyword: string): void {
  const box = screen.getByPlaceholderText('搜索姓名或手机号');
  fireEvent.change(box, { target: { value: keyword } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
}

/** The channel the form's 来源渠道 row shows as chosen (its picker button's label, without the arrow). */
export const channelShown = (): string | null | undefined =>
  screen.getByRole('button', { name: '来源渠道' }).firstElementChild?.textContent;

/** Picks the channel `name` (the one after "none") in the form's 来源渠道 row once the channels have loaded. */
export async function pickChannel(name: string): Promise<void> {
  await tap(screen.getByRole('button', { name: '来源渠道' }));
  await tap(await screen.findByRole('button', { name: `选择下一项：${name}` }));
  await confirmOpenPicker();
  await waitFor(() => expect(channelShown()).toBe(name));
}

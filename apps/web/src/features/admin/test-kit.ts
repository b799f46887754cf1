/**
 * What the back office's page tests share beyond the app's harness (test/page.ts): a page opened on the
 * desktop with the admin's whoami, and the steps many of the tests take.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { adminApi, page } from '../../test/admin-data.ts';
import { expect } from 'vitest';
import { fail, findToast, renderPage, tap, type PageView } from '../../test/page.ts';

/** The page at `path` on the desktop, its calls answered by `api` and whoami (a company admin by default). */
export const openAdmin = (path: string, api: Parameters<typeof adminApi>[0], whoami?: Parameters<typeof adminApi>[1]) =>
  renderPage(path, { browser: 'desktop', api: adminApi(api, whoami) });

/** Types each value into the control its label names. */
export const fill = (form: { getByLabelText: (label: string) => HTMLElement }, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(form.getByLabelText(label), { target: { value } });
};

/** Checks that each control its label names shows its value: what `fill` typed, or what the page loaded. */
export const expectValues = (
  form: { getByLabelText: (label: string) => HTMLElement },
  values: Record<string, string>,
) => {
  for (const [label, value] of Object.entries(values))
    expect((form.getByLabelText(label) as HTMLInputElement).value, label).toBe(value);
};

/** The table row that shows `text`, once it is on screen. */
export const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

/** Where a button is looked for: the screen, a form's region or a table row (`within`). */
type Scope = Pick<typeof screen, 'getByRole'>;

/** Taps the button named `button` in `scope` and waits for the `toast` the page answers with. */
export async function tapToToast(scope: Scope, button: string, toast: string | RegExp): Promise<void> {
  await tap(scope.getByRole('button', { name: button }));
  expect(await findToast(toast)).toBeTruthy();
}

/** tapToToast, giving the JSON body the page sent to `path` (the last call to it). */
export async function sentJson(
  view: PageView,
  scope: Scope,
  button: string,
  toast: string | RegExp,
  path: string,
): Promise<unknown> {
  await tapToToast(scope, button, toast);
  return view.api.lastCall(path).json;
}

/**
 * A file page's new-entry form (`path`: '/admin/papers', say) refused by the file's own rules: the page shows
 * their words and keeps what was typed (`kept`, as the controls show it).
 */
export async function keepsTypedWhenRefused(
  path: string,
  region: string,
  typed: Record<string, string>,
  refusal: string,
  kept: Record<string, string>,
): Promise<void> {
  await openAdmin(path, { [`/api${path}`]: page([]), [`/api${path}/save`]: fail(refusal) });
  const form = within(await screen.findByRole('region', { name: region }));
  fill(form, typed);
  await tapToToast(form, '保存', refusal);
  expectValues(form, kept);
}

/**
 * What the back office's page tests share beyond the app's harness (test/page.ts): a page opened on the
 * desktop with the admin's whoami, and the steps many of the tests take.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import * as E from '@crm/domain/endpoints/admin';
import { adminApi, page } from '../../test/admin-data.ts';
import { expect } from 'vitest';
import {
  answersOf,
  fail,
  findToast,
  renderPage,
  tap,
  type Answer,
  type AnswersOf,
  type CallTarget,
  type PageView,
} from '../../test/page.ts';

/**
 * What a back-office page test answers, each reply typed from its endpoint's response schema: the admin
 * endpoints by their contract names, or any endpoints' answers (`on`, `answersOf`).
 */
export type AdminApi = AnswersOf<typeof E> | readonly Answer[];

export const adminAnswers = (api: AdminApi): readonly Answer[] => (isAnswerList(api) ? api : answersOf(E, api));
const isAnswerList = (api: AdminApi): api is readonly Answer[] => Array.isArray(api);

/** The page at `path` on the desktop, its calls answered by `api` and whoami (a company admin by default). */
export const openAdmin = (path: string, api: AdminApi = {}, whoami?: Parameters<typeof adminApi>[1]) =>
  renderPage(path, { browser: 'desktop', api: adminApi(adminAnswers(api), whoami) });

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

/** tapToToast, giving the JSON body the page sent to `target` (the last call to it). */
export async function sentJson(
  view: PageView,
  scope: Scope,
  button: string,
  toast: string | RegExp,
  target: CallTarget,
): Promise<unknown> {
  await tapToToast(scope, button, toast);
  return view.api.lastCall(target).json;
}

/** Each file kind's list and save, by the page's path. */
const FILE_KINDS = {
  '/admin/papers': ['papersList', 'papersSave'],
  '/admin/activities': ['activitiesList', 'activitiesSave'],
  '/admin/faq': ['faqList', 'faqSave'],
} as const;

/**
 * A file page's new-entry form (`path`: '/admin/papers', say) refused by the file's own rules: the page shows
 * their words and keeps what was typed (`kept`, as the controls show it).
 */
export async function keepsTypedWhenRefused(
  path: keyof typeof FILE_KINDS,
  region: string,
  typed: Record<string, string>,
  refusal: string,
  kept: Record<string, string>,
): Promise<void> {
  const [list, save] = FILE_KINDS[path];
  await openAdmin(path, { [list]: page([]), [save]: fail(refusal) });
  const form = within(await screen.findByRole('region', { name: region }));
  fill(form, typed);
  await tapToToast(form, '保存', refusal);
  expectValues(form, kept);
}

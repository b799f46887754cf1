/**
 * The page-test tier: the real route table rendered at a path in a memory router, inside the app's own
 * providers, over a faked API. Tests speak only of what a person sees (texts, roles, labels) and of the
 * calls the page sends, so they outlive refactors of hooks, query keys and route chunks.
 */
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
  type RenderResult,
} from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import * as EAuth from '@crm/domain/endpoints/auth';
import { setUpAntdRender } from '../app/antd-render.ts';
import { QueryProvider, queryClient } from '../app/provider.tsx';
import { allRoutes } from '../app/router.tsx';
import { forgetMemoryDrafts } from '../lib/form-draft.ts';
import { clearStoredUser, setStoredUser, type UserRecordInput } from '../lib/storage.ts';
import {
  installFakeApi,
  type Answers,
  type ApiCall,
  type CallTarget,
  type FakeApi,
  type FakeReply,
  type ReplyData,
} from './fake-api.ts';

export * from './fake-api.ts';

// The machine these run on is shared and slow at times: findBy… waits up to 5 s, not 1 s, before failing.
configure({ asyncUtilTimeout: 5000 });

/** A page test's opener as the shared steps (steps-list.ts, steps-load.ts) call it. */
export type Opener = (api: Answers) => Promise<PageView>;

/** A WeCom phone, as the e2e journeys use: other browsers are shown "请在微信内打开页面". */
const WECOM_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 wxwork/4.1.10';

const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** A logged-in salesperson, unless a test says otherwise. */
export const SALES_USER: UserRecordInput = { id: 7, job: [1], leader: false, name: '王小明' };

/** The salespeople's team leader: team pages, confirming repayments, rejecting proofs. */
export const LEADER: UserRecordInput = { id: 2, job: [1], leader: true, name: '张组长' };

export type RenderPageOptions = {
  api?: Answers;
  /** The stored logged-in user; null for none. */
  user?: UserRecordInput | null;
  /** 'desktop' is a plain browser, where most pages say "请在微信内打开页面". */
  browser?: 'wecom' | 'desktop';
  /**
   * Pages not in the app's route table yet (the back office's import and export, wired into /admin when
   * merged): rendered directly, inside the query provider, instead of the whole table.
   */
  routes?: RouteObject[];
};

/**
 * A person's send (tapping a button, answering a dialog) named by `what`: it waits for the `toast` the page
 * answers with and, with `movesTo`, for the page to go there; it gives the fields the page sent to `path`.
 */
type SendStep = (
  what: string,
  toast: string | RegExp,
  target: CallTarget,
  then?: { movesTo: string },
) => Promise<ApiCall['fields']>;

/** A failed load retried once `target` answers `reply` (typed from the endpoint's response schema). */
type RetryStep = <T extends CallTarget>(
  message: string | RegExp,
  target: T,
  reply: FakeReply<ReplyData<T>>,
) => Promise<void>;

export type PageView = RenderResult & {
  api: FakeApi;
  router: ReturnType<typeof createMemoryRouter>;
  /** Where the page navigated to. */
  pathname: () => string;
  /**
   * A failed load: its message shows as an alert with a 重试 button, and tapping it once `path` answers `reply`
   * asks the server again. The caller then looks for what the answer shows.
   */
  retryFailedLoad: RetryStep;
  /**
   * The same for a list whose first page failed (LoadMoreList): its message shows above a 重试 button, in no
   * alert, and tapping 重试 once `path` answers `reply` asks the server again.
   */
  retryFailedList: RetryStep;
  /**
   * Sends as a person does: taps the button named `button`, waits for the `toast` the page answers with (a
   * success or the server's refusal), and gives the fields the page sent to `path`. With `movesTo`, a page
   * that moves on after its toast (a saved form opening what it saved) is also waited for until it has gone
   * to that pathname.
   */
  sentFields: SendStep;
  /**
   * Sends where the page answers by moving on (a login, a saved form): taps the button named `button`, waits
   * until the page has gone to `pathname`, and gives the fields it sent to `path`.
   */
  sentFieldsMovingTo: (button: string, pathname: string, target: CallTarget) => Promise<ApiCall['fields']>;
  /**
   * Answers the confirmation dialog asking `question` with 确定 (antd-mobile Dialog.confirm), waits for the
   * `toast` (and, with `movesTo`, for the page to go there) and gives the fields the page sent to `path`.
   */
  confirmedFields: SendStep;
  /**
   * Asks for a login's SMS code as a person does (components/sms-code-field.tsx): types `phone` into the input
   * with id `phoneId`, taps 获取验证码, waits for the countdown, and gives the fields sent to /common/smsCode.
   */
  requestSmsCode: (phoneId: string, phone: string) => Promise<ApiCall['fields']>;
};

/**
 * Renders the app at `path` with the given fake API and waits until the route's chunks have loaded. Use
 * `findBy…` queries afterwards: the page's data still arrives asynchronously.
 */
export async function renderPage(
  path: string,
  { api = [], user = SALES_USER, browser = 'wecom', routes: pages }: RenderPageOptions = {},
): Promise<PageView> {
  setUpAntdRender();
  const userAgent = browser === 'wecom' ? WECOM_USER_AGENT : DESKTOP_USER_AGENT;
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  if (user) setStoredUser(user);
  else clearStoredUser();
  const fake = installFakeApi(api);
  const table = pages ? [{ Component: QueryProvider, children: pages }] : allRoutes();
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  // The first render of a file transforms a whole section chunk: give it time on a loaded machine.
  await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), {
    timeout: 20_000,
  });
  const page: PageView = {
    ...view,
    api: fake,
    router,
    pathname: () => router.state.location.pathname,
    retryFailedLoad: (message, apiPath, reply) => retryFailedLoad(fake, message, apiPath, reply),
    retryFailedList: (message, apiPath, reply) => retryFailedList(fake, message, apiPath, reply),
    sentFields: (button, toast, apiPath, then) => sentFields(page, button, toast, apiPath, then),
    sentFieldsMovingTo: (button, pathname, apiPath) => sentFieldsMovingTo(page, button, pathname, apiPath),
    confirmedFields: async (question, ...send) => {
      await screen.findByText(question);
      return page.sentFields('确定', ...send);
    },
    requestSmsCode: (phoneId, phone) => requestSmsCode(page, phoneId, phone),
  };
  return page;
}

/**
 * renderPage with one page's path, user and usual answers fixed, for that page's tests: each call's `api` adds
 * to or replaces the usual answers.
 */
export function renderPageWith(path: string, { api: usual = [], ...options }: RenderPageOptions = {}) {
  return (api: Answers = []): Promise<PageView> => renderPage(path, { ...options, api: [...usual, ...api] });
}

async function retryFailedLoad(
  api: FakeApi,
  message: string | RegExp,
  target: CallTarget,
  reply: FakeReply,
): Promise<void> {
  expect((await screen.findByText(message)).closest('[role="alert"]')).not.toBeNull();
  await retryWith(api, target, reply);
}

async function retryFailedList(
  api: FakeApi,
  message: string | RegExp,
  target: CallTarget,
  reply: FakeReply,
): Promise<void> {
  expect(await screen.findByText(message)).toBeTruthy();
  await retryWith(api, target, reply);
}

async function retryWith(api: FakeApi, target: CallTarget, reply: FakeReply): Promise<void> {
  const asked = api.callsTo(target).length;
  api.set([{ key: target.path, handler: reply }]);
  await tap(await screen.findByRole('button', { name: '重试' }));
  await expect.poll(() => api.callsTo(target).length).toBeGreaterThan(asked);
}

/** The app's one toast: lib/toast.ts's role="alert" node. */
const TOAST_SELECTOR = '.crm-toast';

/**
 * The toast showing this text. Only toasts count: a field's own message (findFieldError) or a label with the
 * same words is not a toast.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByText(text).filter((node) => node.closest(TOAST_SELECTOR));
    if (found.length === 0) throw new Error(`no toast says ${String(text)}`);
    return found[0] as HTMLElement;
  });
}

/**
 * A list's row as a person reads it: the link named `name`, checked to open `href` and to show each of `texts`
 * (a status, an amount, a date).
 */
export async function findRowLink(name: string | RegExp, href: string, ...texts: string[]): Promise<HTMLElement> {
  const row = await screen.findByRole('link', { name });
  expect(row.getAttribute('href')).toBe(href);
  for (const text of texts) expect(row.textContent).toContain(text);
  return row;
}

/** PageView.sentFields. */
async function sentFields(
  page: PageView,
  button: string,
  toast: string | RegExp,
  target: CallTarget,
  then?: { movesTo: string },
): Promise<ApiCall['fields']> {
  await tap(screen.getByRole('button', { name: button }));
  expect(await findToast(toast)).toBeTruthy();
  if (then) await expect.poll(page.pathname).toBe(then.movesTo);
  return page.api.lastCall(target).fields;
}

/** PageView.sentFieldsMovingTo. */
async function sentFieldsMovingTo(
  page: PageView,
  button: string,
  pathname: string,
  target: CallTarget,
): Promise<ApiCall['fields']> {
  await tap(screen.getByRole('button', { name: button }));
  await expect.poll(page.pathname).toBe(pathname);
  return page.api.lastCall(target).fields;
}

/**
 * The message shown under a form field (FormField's role="alert"), found by the field's label as the person
 * reads the form.
 */
export async function findFieldError(label: string | RegExp): Promise<HTMLElement> {
  const labelNode = await screen.findByText(label, { selector: 'label' });
  const row = labelNode.closest('.adm-list-item');
  if (!row) throw new Error(`the label ${String(label)} is not in a form row`);
  return within(row as HTMLElement).findByRole('alert');
}

/** PageView.requestSmsCode. */
async function requestSmsCode(page: PageView, phoneId: string, phone: string): Promise<ApiCall['fields']> {
  typeInto(phoneId, phone);
  await tap(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeTruthy();
  return page.api.lastCall(EAuth.smsCode).fields;
}

/** Types `value` into the input with this id (a form's inputs have ids like `case-name`), as a person does. */
export function typeInto(id: string, value: string): void {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

/** What the input with this id holds. */
export function inputValue(id: string): string {
  return (document.getElementById(id) as HTMLInputElement).value;
}

/** Taps an element and lets React settle. */
export async function tap(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
    await Promise.resolve();
  });
}

/**
 * Confirms the bottom picker sheet that is open (antd-mobile Picker, DatePicker, Picker.prompt), taking the
 * value it shows: its first option, or the current one.
 */
export async function confirmOpenPicker(): Promise<void> {
  const picker = await waitFor(() => {
    const open = [...document.querySelectorAll('.adm-picker')].find((node) =>
      node.closest('.adm-popup-body:not([style*="display: none"])'),
    );
    if (!open) throw new Error('no picker sheet is open');
    // The wheel selects its first option once drawn; confirming before that confirms nothing.
    const current = open.querySelector('.adm-picker-view-column-accessible-current');
    if (!current?.getAttribute('aria-label')?.startsWith('当前选择的是')) throw new Error('the wheel has no value yet');
    return open;
  });
  // The wheel hands its value to the sheet on a zero-delay timer (antd-mobile's PickerView): let it run.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const buttons = picker.querySelectorAll('.adm-picker-header-button');
  await tap(buttons[buttons.length - 1] as Element);
}

/** Page-test hooks: a fresh cache with no retries, so an error shows at once and no test sees another's data. */
/** Registered for every web test file by setup.ts. */
export function registerPageTestLifecycle(): void {
  beforeEach(() => {
    queryClient.clear();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  });
  afterEach(async () => {
    Dialog.clear();
    cleanup();
    // Imperative dialogs, toasts and picker sheets unmount after their closing animation: wait for it, so
    // the next test does not see this one's 确定 button (removing them by hand breaks React's unmount).
    await waitFor(() => expect(document.querySelector('.adm-mask')).toBeNull()).catch(() => undefined);
    queryClient.clear();
    vi.unstubAllGlobals();
    localStorage.clear();
    forgetMemoryDrafts();
    // lib/toast.ts appends its node to the body outside React; everything else React unmounted above.
    for (const node of document.querySelectorAll('.crm-toast')) node.remove();
  });
}

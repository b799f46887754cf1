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
import { Dialog, Toast } from 'antd-mobile';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Endpoint } from '@crm/domain/endpoints';
import type { z } from 'zod';
import { setUpAntdRender } from '../app/antd-render.ts';
import { QueryProvider, queryClient } from '../app/provider.tsx';
import { allRoutes } from '../app/router.tsx';
import { forgetMemoryDrafts } from '../lib/form-draft.ts';
import { clearStoredUser, setStoredUser, type UserRecordInput } from '../lib/storage.ts';

// The machine these run on is shared and slow at times: findBy… waits up to 5 s, not 1 s, before failing.
configure({ asyncUtilTimeout: 5000 });

/**
 * What the fake server answers: an envelope with its data (typed `T` when the reply is for an endpoint, see `on`),
 * a refusal (an envelope with a non-zero code and no data), an HTTP failure without one, or no answer at all.
 */
export type FakeReply<T = unknown> =
  | { kind: 'envelope'; httpStatus: number; code: 0; msg: string; data: T }
  | { kind: 'refusal'; httpStatus: number; code: number; msg: string; field?: string }
  | { kind: 'http'; httpStatus: number }
  | { kind: 'offline' };

export const ok = <T = null,>(data: T = null as T, msg = '操作成功'): FakeReply<T> => ({
  kind: 'envelope',
  httpStatus: 200,
  code: 0,
  msg,
  data,
});
/** A refusal: a non-zero code whose msg the page must show. */
export const fail = (msg: string, code = 1): FakeReply<never> => ({ kind: 'refusal', httpStatus: 200, code, msg });
/** A refusal about one request field (the envelope's `field`): a form shows msg under that field. */
export const failField = (field: string, msg: string): FakeReply<never> => ({
  kind: 'refusal',
  httpStatus: 200,
  code: 1,
  msg,
  field,
});
/**
 * The replies api-client turns into its network failure, and the one message it shows for them
 * (lib/api-client.ts): a server error without an envelope (an HTML 500 page from a proxy, say), or fetch
 * itself rejecting (no network).
 */
export const network = {
  message: '网络异常，请检查网络后重试',
  httpError: (httpStatus = 500): FakeReply<never> => ({ kind: 'http', httpStatus }),
  offline: (): FakeReply<never> => ({ kind: 'offline' }),
};

/** One call as the page sent it: multipart fields and query parameters flattened to strings. */
export type ApiCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  fields: Record<string, string | string[]>;
  /** Request headers, names in lower case (e.g. the create calls' idempotency-key). */
  headers: Record<string, string>;
  /** A JSON body as sent (the back office's calls), parsed; undefined for a multipart or empty body. */
  json?: unknown;
};

/** A function may answer later (a promise), to hold a reply while the test taps on. */
export type Handler<T = unknown> = FakeReply<T> | ((call: ApiCall) => FakeReply<T> | Promise<FakeReply<T>>);
/**
 * Path (e.g. '/api/crm/clientList') → what it answers. The spelled-path fallback, kept while the features not yet
 * on the endpoint contracts (issue 45) still answer this way; new tests answer endpoints with `on`.
 */
export type HandlerTable = Record<string, Handler | SpelledRefusal>;

/**
 * A refusal written out as an envelope (one houseloan test's 401), accepted in the spelled-path table only: an
 * endpoint's answer (`on`) is `ok`, `fail` or a network failure, so an `ok(null)` cannot pass for a record.
 */
type SpelledRefusal = { kind: 'envelope'; httpStatus: number; code: number; msg: string; data: null };

/** What a call to `target` answers: the endpoint's response as its schema takes it, or anything for a path. */
export type ReplyData<Target> = Target extends Endpoint ? z.input<Target['response']> : unknown;

/** Where a test says a call goes: an endpoint contract, or (the fallback above) its spelled path. */
export type CallTarget = Endpoint | string;

/** One endpoint's answer, checked against the endpoint's response schema where it was written (`on`). */
export type Answer = { readonly key: string; readonly handler: Handler };

/**
 * The fake server's answer to an endpoint (issue 45): the reply's data is typed from the endpoint's response
 * schema, so a field renamed in the contract fails `tsc` in the fixture, not a page at run time. `method` is for
 * the two endpoints of one path (a GET read and a POST write of the same settings): each answers its own method.
 */
export const on = <E extends Endpoint>(
  endpoint: E,
  handler: Handler<z.input<E['response']>>,
  method?: 'GET' | 'POST',
): Answer => ({ key: method ? `${method} ${endpoint.path}` : endpoint.path, handler });

/** The answers to a contract module's endpoints (`import * as E from '@crm/domain/endpoints/admin'`), by name. */
export type AnswersOf<M> = {
  [K in keyof M as M[K] extends Endpoint ? K : never]?: M[K] extends Endpoint
    ? Handler<z.input<M[K]['response']>>
    : never;
};

/**
 * `on` for many endpoints of one contract module at once, each named as the module exports it:
 * `answersOf(E, { staffList: page([aStaff()]), teamsList: ok([]) })`, every reply typed from its endpoint.
 */
export const answersOf = <M extends object>(contracts: M, table: AnswersOf<M>): Answer[] =>
  Object.entries(table as Record<string, Handler>).map(([name, handler]) => ({
    key: (contracts[name as keyof M] as Endpoint).path,
    handler,
  }));

/** What a page test answers: endpoints' answers (`on`, `answersOf`), or the spelled-path table. */
export type Answers = HandlerTable | readonly Answer[];

/**
 * A page test's opener as the shared steps (steps-list.ts, steps-load.ts) call it. Declared as a method so an
 * opener of the spelled-path table only still fits: a step hands it a table when told a path, and `on` answers
 * when told an endpoint (`answerTo`), which only the endpoint-keyed openers are given.
 */
export type Opener = { open(api: Answers): Promise<PageView> }['open'];

/** The one answer a shared step gives: a path-keyed table for a path, an endpoint's typed answer for an endpoint. */
export const answerTo = <T extends CallTarget>(target: T, handler: Handler<ReplyData<T>>): Answers =>
  typeof target === 'string' ? { [target]: handler } : [{ key: target.path, handler: handler as Handler }];

/** The answers as the fake server looks them up: by `METHOD path` first, then by path. */
export const tableOf = (answers: Answers): HandlerTable =>
  Array.isArray(answers)
    ? Object.fromEntries((answers as readonly Answer[]).map(({ key, handler }) => [key, handler]))
    : (answers as HandlerTable);

const pathOf = (target: CallTarget): string => (typeof target === 'string' ? target : target.path);

/**
 * The two failed loads every page must show, as `it.each` rows [name, reply, text shown]: the server's
 * refusal, whose msg the page shows, and a reply without an envelope, shown as the network message.
 */
export const loadFailureCases = (refusal: string): [string, FakeReply<never>, string][] => [
  ['a refusal', fail(refusal), refusal],
  ['a 500', network.httpError(500), network.message],
];
/** What an unfaked path answers, so a missing handler shows up as a visible refusal, never a hang. */
const UNHANDLED_CODE = 404_404;

function fieldsOf(body: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (!(body instanceof FormData)) return fields;
  for (const [key, value] of body.entries()) {
    const text = typeof value === 'string' ? value : `[file ${value.name}]`;
    const seen = fields[key];
    fields[key] = seen === undefined ? text : Array.isArray(seen) ? [...seen, text] : [seen, text];
  }
  return fields;
}

export type FakeApi = {
  /** Every call made so far, in order. */
  calls: ApiCall[];
  /** The calls made to one endpoint (or path). */
  callsTo: (target: CallTarget) => ApiCall[];
  /** The last call made to an endpoint (or path); fails the test when there was none. */
  lastCall: (target: CallTarget) => ApiCall;
  /** Replaces or adds answers, e.g. to make a failed list succeed before tapping retry. */
  set: (answers: Answers) => void;
  /** Paths the page called that no handler answered. */
  unhandled: () => string[];
};

function installFakeApi(initial: Answers): FakeApi {
  const handlers: HandlerTable = { ...tableOf(initial) };
  const calls: ApiCall[] = [];
  const missed: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      fields: fieldsOf(init?.body),
      json: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: Object.fromEntries([...new Headers(init?.headers).entries()].map(([k, v]) => [k.toLowerCase(), v])),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? handlers[call.path];
    if (!handler) missed.push(call.path);
    const reply = !handler
      ? fail(`no fake for ${call.path}`, UNHANDLED_CODE)
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    if (reply.kind === 'offline') throw new TypeError('Failed to fetch');
    if (reply.kind === 'http') return new Response('<html>error</html>', { status: reply.httpStatus });
    const body =
      reply.kind === 'envelope'
        ? { code: reply.code, msg: reply.msg, data: reply.data }
        : {
            code: reply.code,
            msg: reply.msg,
            data: null,
            ...(reply.field === undefined ? {} : { field: reply.field }),
          };
    return new Response(JSON.stringify(body), {
      status: reply.httpStatus,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    callsTo: (target) => calls.filter((call) => call.path === pathOf(target)),
    lastCall: (target) => {
      const path = pathOf(target);
      const found = calls.filter((call) => call.path === path).at(-1);
      if (!found)
        throw new Error(`no call to ${path}; calls made: ${calls.map((call) => call.path).join(', ') || 'none'}`);
      return found;
    },
    set: (more) => Object.assign(handlers, tableOf(more)),
    unhandled: () => [...missed],
  };
}

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
  { api = {}, user = SALES_USER, browser = 'wecom', routes: pages }: RenderPageOptions = {},
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
export function renderPageWith(path: string, { api: usual = {}, ...options }: RenderPageOptions = {}) {
  return (api: Answers = {}): Promise<PageView> =>
    renderPage(path, { ...options, api: { ...tableOf(usual), ...tableOf(api) } });
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
  api.set({ [pathOf(target)]: reply });
  await tap(await screen.findByRole('button', { name: '重试' }));
  await expect.poll(() => api.callsTo(target).length).toBeGreaterThan(asked);
}

/** Toasts: lib/toast.ts's role="alert" node, or antd-mobile's Toast where a page shows one directly. */
const TOAST_SELECTOR = '.crm-toast, .adm-toast-main';

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
  return page.api.lastCall('/common/smsCode').fields;
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
    // antd-mobile reuses an open toast's container: close it, or the next test's toast renders off-page.
    Toast.clear();
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

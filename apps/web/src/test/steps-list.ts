/**
 * The first load of a list page as one step: an empty page's text or a refusal's message, checked the same
 * way by most list pages' tests.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { pageOf } from './factories.ts';
import {
  fail,
  ok,
  type CallTarget,
  type FakeReply,
  on,
  type Opener,
  type PageView,
  type ReplyData,
} from './render-page.tsx';

/** Opens the page with `render` while `target` answers `reply`, and finds `shown`. Gives the page. */
export async function showsOnLoad<T extends CallTarget>(
  render: Opener,
  target: T,
  reply: FakeReply<ReplyData<T>>,
  shown: string | RegExp,
): Promise<PageView> {
  const page = await render([on(target, reply)]);
  expect(await screen.findByText(shown)).toBeTruthy();
  return page;
}

/** `target` answers an empty page: the list says `emptyText`. */
export const showsEmptyList = (render: Opener, target: CallTarget, emptyText: string) =>
  // An empty page fits every list's response schema; the generic target cannot show it does.
  showsOnLoad(render, target, ok(pageOf([])) as FakeReply<never>, emptyText);

/** `target` refuses with `msg`: the page shows it. */
export const showsRefusal = (render: Opener, target: CallTarget, msg: string) =>
  showsOnLoad(render, target, fail(msg), msg);

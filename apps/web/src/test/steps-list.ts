/**
 * The first load of a list page as one step: an empty page's text or a refusal's message, checked the same
 * way by most list pages' tests.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { pageOf } from './factories.ts';
import { fail, ok, type FakeReply, type HandlerTable, type PageView } from './render-page.tsx';

/** Opens the page with `render` while `path` answers `reply`, and finds `shown`. Gives the page. */
export async function showsOnLoad(
  render: (api: HandlerTable) => Promise<PageView>,
  path: string,
  reply: FakeReply,
  shown: string | RegExp,
): Promise<PageView> {
  const page = await render({ [path]: reply });
  expect(await screen.findByText(shown)).toBeTruthy();
  return page;
}

/** `path` answers an empty page: the list says `emptyText`. */
export const showsEmptyList = (render: (api: HandlerTable) => Promise<PageView>, path: string, emptyText: string) =>
  showsOnLoad(render, path, ok(pageOf([])), emptyText);

/** `path` refuses with `msg`: the page shows it. */
export const showsRefusal = (render: (api: HandlerTable) => Promise<PageView>, path: string, msg: string) =>
  showsOnLoad(render, path, fail(msg), msg);

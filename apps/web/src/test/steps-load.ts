/**
 * The failed first load every page offers a retry for, as one step: most page tests check it the same way.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { network, type FakeReply, type HandlerTable, type PageView } from './render-page.tsx';

/**
 * Opens the page with `render` while `path` answers `failure` (by default a 500 without an envelope). The page
 * shows the failure's message (a refusal's msg, else the network message) with 重试; once `path` answers
 * `reply`, tapping 重试 brings `shown`. Gives the page for any further look.
 */
export async function retriesFailedLoad(
  render: (api: HandlerTable) => Promise<PageView>,
  path: string,
  reply: FakeReply,
  shown: string | RegExp,
  failure: FakeReply = network.httpError(500),
): Promise<PageView> {
  const page = await render({ [path]: failure });
  await page.retryFailedLoad(failure.kind === 'envelope' ? failure.msg : network.message, path, reply);
  expect(await screen.findByText(shown)).toBeTruthy();
  return page;
}

/**
 * The failed first load every page offers a retry for, as one step: most page tests check it the same way.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  network,
  type CallTarget,
  type FakeReply,
  on,
  type Opener,
  type PageView,
  type ReplyData,
} from './render-page.tsx';

/**
 * Opens the page with `render` while `target` answers `failure` (by default a 500 without an envelope). The page
 * shows the failure's message (a refusal's msg, else the network message) with 重试; once `target` answers
 * `reply`, tapping 重试 brings `shown`. Gives the page for any further look.
 */
export async function retriesFailedLoad<T extends CallTarget>(
  render: Opener,
  target: T,
  reply: FakeReply<ReplyData<T>>,
  shown: string | RegExp,
  failure: FakeReply<never> = network.httpError(500),
): Promise<PageView> {
  const page = await render([on(target, failure)]);
  await page.retryFailedLoad('msg' in failure ? failure.msg : network.message, target, reply);
  expect(await screen.findByText(shown)).toBeTruthy();
  return page;
}

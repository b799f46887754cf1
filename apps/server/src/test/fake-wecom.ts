import { afterEach } from 'vitest';
import {
  startFakeWecomServer,
  type FakeWecomOptions,
  type FakeWecomServer,
} from '../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter } from '../adapters/wecom/wecom-adapter.ts';

/**
 * For a file whose tests each want a fake WeCom server of their own: the returned function starts one, with the
 * real adapter of an agent pointed at it, and the server is closed after the test.
 */
export function fakeWecomPerTest(corp: { corpId: string; secret: string }) {
  let running: FakeWecomServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  return async (agentId: string, options: Partial<FakeWecomOptions> = {}) => {
    const fake = await startFakeWecomServer({ ...corp, ...options });
    running = fake;
    return { fake, wecom: createWecomAdapter({ ...corp, agentId, apiBase: fake.apiBase }) };
  };
}

import { afterEach } from 'vitest';
import { startFakeWecomServer, type FakeWecomOptions, type FakeWecomServer } from './fake-wecom-server.ts';
import { createWecomAdapter, type WecomOptions } from './wecom-adapter.ts';

export const CORP_ID = 'ww0123456789abcdef';
export const AGENT_ID = '1000002';
export const SECRET = 'agent-secret';

/**
 * For a test file: each call of the answered `setup` starts a fake WeCom server and an adapter against it;
 * the server is closed after the test.
 */
export function fakeWecomPerTest() {
  let fake: FakeWecomServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  return async function setup(fakeOpts: Partial<FakeWecomOptions> = {}, adapterOpts: Partial<WecomOptions> = {}) {
    const server = await startFakeWecomServer({ corpId: CORP_ID, secret: SECRET, ...fakeOpts });
    fake = server;
    const wecom = createWecomAdapter({
      corpId: CORP_ID,
      agentId: AGENT_ID,
      secret: SECRET,
      apiBase: server.apiBase,
      ...adapterOpts,
    });
    return { server, wecom };
  };
}

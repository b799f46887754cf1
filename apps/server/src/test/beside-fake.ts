import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app.ts';

/**
 * The test app of one test file and the fake outside server it talks to: the fake started and the app built
 * on it before the file's first test, both closed after its last (the app first). The handles are filled in
 * by then; the fake's stands for the started one, its getters read live.
 */
export function testAppBesideFake<F extends { close(): Promise<void> }>(
  start: () => Promise<F>,
  options: (fake: F) => TestAppOptions,
): { test: TestApp; fake: F } {
  // Empty until beforeAll fills them: nothing of the file reads them before its tests run.
  const test = {} as TestApp;
  let started: F | undefined;
  const live = () => {
    if (!started) throw new Error('the fake server is not started yet');
    return started;
  };
  const fake = new Proxy({} as F, {
    get: (_, key) => Reflect.get(live(), key),
    set: (_, key, value) => Reflect.set(live(), key, value),
  });
  beforeAll(async () => {
    started = await start();
    Object.assign(test, await buildTestApp(options(started)));
  });
  afterAll(async () => {
    await test.close();
    await live().close();
  });
  return { test, fake };
}

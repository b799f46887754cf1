import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * Test files share one module graph per worker (`isolate: false`): importing the server or the web app once per
 * worker instead of once per file halves the server suite's CPU and thirds the web suite's on a 2-core CI machine.
 * A file that replaces a module with vi.mock needs a graph of its own (another file may have imported the real
 * one already), so those run isolated, found by reading the files rather than by a list someone must keep.
 */
const webRoot = 'apps/web';
const webTestFiles = fs
  .readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const webMocking = webTestFiles.filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(webRoot, file), 'utf8')),
);

// Page tests (src/test/render-page.tsx) wait on a shared, loaded machine: expect.poll gets 5 s too.
const webTest = {
  root: webRoot,
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 30_000,
  expect: { poll: { timeout: 5000 } },
} as const;

// One runner for every kind of test; `--project` picks a layer (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      // Property tests run hundreds of cases; a loaded CI machine needs more than the 5 s default.
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      { test: { ...webTest, name: 'web', include: webTestFiles, exclude: webMocking, isolate: false } },
      { test: { ...webTest, name: 'web-mocks', include: webMocking } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          // axe checks each new page in the phone's own main thread (support/axe.ts): a journey of a dozen pages
          // on a loaded 2-core machine needs more than a minute.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A count or badge polled on a phone page arrives with its request; on a loaded machine that is seconds.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// One runner for every kind of test; `--project` picks a layer (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      // Property tests run hundreds of cases; a loaded CI machine needs more than the 5 s default.
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Page tests (src/test/render-page.tsx) wait on a shared, loaded machine: expect.poll gets 5 s too.
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
          expect: { poll: { timeout: 5000 } },
        },
      },
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
          fileParallelism: false,
        },
      },
    ],
  },
});

import type { ChunkPages } from './chunk-pages.ts';

type PageChunk = { pages: ChunkPages };

/**
 * Literal import() calls, one per feature chunk, so the bundler makes exactly one chunk of each. Not in the main
 * chunk: router.tsx loads this module when a section's page is first opened (the login route's budget).
 */
export const PAGE_CHUNKS = {
  cases: () => import('./cases.ts'),
  'cases-list': () => import('./cases-list.ts'),
  'cases-stat': () => import('./cases-stat.ts'),
  money: () => import('./money.ts'),
  house: () => import('./house.ts'),
  'team-list': () => import('./team-list.ts'),
  'team-appeal': () => import('./team-appeal.ts'),
  sign: () => import('./sign.ts'),
  outside: () => import('./outside.ts'),
  ysb: () => import('./ysb.ts'),
  houseloan: () => import('./houseloan.ts'),
  faq: () => import('./faq.ts'),
  exam: () => import('./exam.ts'),
  pact: () => import('./pact.ts'),
  fair: () => import('./fair.ts'),
  chattergee: () => import('./chattergee.ts'),
  'activity-staff': () => import('./activity-staff.ts'),
  esign: () => import('./esign.ts'),
  ledger: () => import('./ledger.ts'),
  reminders: () => import('./reminders.ts'),
  admin: () => import('./admin.ts'),
} satisfies Record<string, () => Promise<PageChunk>>;

export type PageChunkName = keyof typeof PAGE_CHUNKS;

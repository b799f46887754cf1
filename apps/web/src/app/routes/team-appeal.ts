import { TeamAppealPage } from '../../features/team/pages/team-appeal-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The team leader's appeal audit. */
export const pages: ChunkPages = {
  '/team/appeal': TeamAppealPage,
};

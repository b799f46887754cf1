import { StatPage } from '../../features/cases/pages/stat-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Case statistics: a chunk of its own because it brings Chartist, which the other case pages do not need. */
export const pages: ChunkPages = {
  '/business/stat': StatPage,
};

import { SigninPage } from '../../features/fair/pages/signin-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The staff's fair check-in (decision 051), from the home card's 展会签到 tile. */
export const pages: ChunkPages = {
  '/business/signin': SigninPage,
};

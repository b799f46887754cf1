import { ListPage } from '../../features/cases/pages/list-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/**
 * 我的报单 on its own: the list is where a phone lands most (from the home page's tile, from WeCom), and the
 * `cases` chunk's detail, forms and popups are not needed to draw it.
 */
export const pages: ChunkPages = {
  '/business/list': ListPage,
};

import { SignHousePage, SignListPage, SignRejectPage, SignUpdatePage } from '../../features/sign/pages/sign-pages.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Sign tasks: one lazy chunk. */
export const pages: ChunkPages = {
  '/sign/list/:userid/:flag': SignListPage,
  '/sign/reject': SignRejectPage,
  '/sign/update/:id': SignUpdatePage,
  '/sign/house': SignHousePage,
};

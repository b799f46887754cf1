import { SignHousePage, SignListPage, SignRejectPage, SignUpdatePage } from '../../features/sign/pages/sign-pages.tsx';
import type { SectionPages } from './section-pages.ts';

/** The sign section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {
  '/sign/list/:userid/:flag': SignListPage,
  '/sign/reject': SignRejectPage,
  '/sign/update/:id': SignUpdatePage,
  '/sign/house': SignHousePage,
};

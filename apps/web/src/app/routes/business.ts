import { MoneyPage } from '../../features/money/pages/money-page.tsx';
import { ProofPage } from '../../features/money/pages/proof-page.tsx';
import { UploadPage } from '../../features/money/pages/upload-page.tsx';
import type { SectionPages } from './section-pages.ts';

/** The business section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {
  '/business/money': MoneyPage,
  '/business/upload': UploadPage,
  '/business/proof': ProofPage,
};

import { MoneyConfirmPage } from '../../features/money/pages/money-confirm-page.tsx';
import { MoneyPage } from '../../features/money/pages/money-page.tsx';
import { ProofPage } from '../../features/money/pages/proof-page.tsx';
import { UploadPage } from '../../features/money/pages/upload-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Loan money and proofs: one lazy chunk. */
export const pages: ChunkPages = {
  '/business/money': MoneyPage,
  '/business/upload': UploadPage,
  '/business/proof': ProofPage,
  '/business/moneyConfirm': MoneyConfirmPage,
};

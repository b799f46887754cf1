import { FinancePactPage } from '../../features/pact/pages/finance-pact-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** A case's financing agreement (decision 051): its own chunk, opened from the case detail. */
export const pages: ChunkPages = {
  '/business/financePact/:id': FinancePactPage,
};

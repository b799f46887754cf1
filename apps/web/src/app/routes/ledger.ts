import { ClawbackPage, StatementDetailPage, StatementListPage } from '../../features/ledger/pages/ledger-pages.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/**
 * The commission ledger (decision 067): finance's claw-backs and statements, a partner's (我的账户 → 对账单) and a
 * channel agent's (我的 → 对账单) statements. One lazy chunk; each portal keeps its own session.
 */
export const pages: ChunkPages = {
  '/business/clawback': ClawbackPage,
  '/business/statement': StatementListPage,
  '/business/statement/:id': StatementDetailPage,
  '/outside/statement': StatementListPage,
  '/outside/statement/:id': StatementDetailPage,
  '/houseloan/statement': StatementListPage,
  '/houseloan/statement/:id': StatementDetailPage,
};

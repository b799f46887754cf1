import { FaqCopilotPage } from '../../features/faq/pages/copilot-page.tsx';
import { FaqDetailPage } from '../../features/faq/pages/detail-page.tsx';
import { FaqIndexPage } from '../../features/faq/pages/index-page.tsx';
import { FaqListPage } from '../../features/faq/pages/list-page.tsx';
import { FaqLoginPage } from '../../features/faq/pages/login-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The FAQ and its copilot (issue 14): one lazy chunk, the staff session. */
export const pages: ChunkPages = {
  '/faq/login': FaqLoginPage,
  '/faq/index': FaqIndexPage,
  '/faq/list': FaqListPage,
  '/faq/detail/:id': FaqDetailPage,
  '/faq/copilot': FaqCopilotPage,
};

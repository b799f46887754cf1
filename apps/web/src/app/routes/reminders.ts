import { MessagesPage } from '../../features/reminders/pages/messages-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The WeCom reminders sent to the caller (decision 058), reached from the home page. */
export const pages: ChunkPages = {
  '/business/messages': MessagesPage,
};

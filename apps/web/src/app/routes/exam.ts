import { ExamCenterPage } from '../../features/exam/pages/center-page.tsx';
import { ExamDetailPage } from '../../features/exam/pages/detail-page.tsx';
import { ExamListPage } from '../../features/exam/pages/list-page.tsx';
import { ExamPaperPage } from '../../features/exam/pages/paper-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The exam centre and questionnaires (issue 13): one lazy chunk. */
export const pages: ChunkPages = {
  '/exam/center': ExamCenterPage,
  '/exam/list': ExamListPage,
  '/exam/paper/:id': ExamPaperPage,
  '/exam/detail/:id': ExamDetailPage,
};

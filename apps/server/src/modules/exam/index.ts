/*
 * The public surface of modules/exam, which owns db/schema/exam.ts (decision 050): the lookups the access
 * policy asks about papers and attempts, and the home badge (exams assigned and not yet passed).
 */
export { findAttemptScope, findPaperScope, unfinishedExamsBadge } from './exam.repository.ts';
export {
  findPaperFileForAdmin,
  listPapersForAdmin,
  loadPaperObject,
  loadPaperText,
} from './paper-upload.repository.ts';

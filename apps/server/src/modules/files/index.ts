/*
 * The public surface of modules/files: what other modules may use of uploaded files. Money and house link
 * files to their records through the service (store, attach, links, read); the table stays this module's.
 */
export type { FileRow } from './files.repository.ts';
export { ownerOf, type FileLinks, type FileOwner, type FilesService } from './files.service.ts';
export { signDownload, verifyDownload } from './image-urls.ts';

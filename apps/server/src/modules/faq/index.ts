/*
 * The public surface of modules/faq (decision 053): the service, for the admin command and the seed,
 * which import authored entries through it.
 */
export { createFaqService, type FaqService } from './faq.service.ts';
export { createFaqRepository, purgeFaqQuestions } from './faq.repository.ts';
export { readAuthoredFolder, type AuthoredEntry } from './faq-authoring.ts';
export { DEMO_FAQ_ENTRIES } from './faq-demo-entries.ts';
export { findFaqEntryForAdmin, importFaqMarkdown, listFaqForAdmin, saveFaqForm } from './faq-upload.repository.ts';

/*
 * The public surface of modules/handover (decision 066): the back office's handover of a staff member who
 * leaves or changes post, for app.ts.
 */
export { createHandoverRepository } from './handover.repository.ts';
export { createHandoverService, type HandoverService } from './handover.service.ts';
export { handoverRoutes } from './handover.routes.ts';

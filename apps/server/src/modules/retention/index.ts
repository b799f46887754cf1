/*
 * The public surface of modules/retention (issue 41, decision 071): the sweep app.ts runs on its timer, and the
 * data-subject request's routes. It owns no table: it asks each owner module to purge or erase its own.
 */
export { createRetentionRepository } from './retention.repository.ts';
export { createRetentionService, monthsBefore, type RetentionService } from './retention.service.ts';
export { retentionRoutes } from './retention.routes.ts';

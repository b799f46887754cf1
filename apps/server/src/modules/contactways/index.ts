/*
 * The public surface of modules/contactways (渠道活码, issue 50 point 1, decision 083): its routes, service and
 * repository for app.ts.
 */
export { createContactWaysRepository } from './contactways.repository.ts';
export { createContactWaysService, CALLBACK_WINDOW_S, type ContactWaysService } from './contactways.service.ts';
export { contactWaysRoutes, callbackPathOf } from './contactways.routes.ts';

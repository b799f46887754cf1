/*
 * The public surface of modules/admin (the back office, decision 057): its routes, service and repository
 * for app.ts; nothing else reads its table.
 */
export { adminRoutes } from './admin.routes.ts';
export { createAdminRepository } from './admin.repository.ts';
export { createAdminService } from './admin.service.ts';

/*
 * The public surface of modules/adminio (the back office's XLSX import and export and the WeCom directory
 * sync, decision 059): its routes, service and repository for app.ts.
 */
export { adminioRoutes } from './adminio.routes.ts';
export { createAdminioRepository } from './adminio.repository.ts';
export { createAdminioService, type AdminioService } from './adminio.service.ts';
/** The one XLSX writer, which the commission statements use too (decision 067). */
export { writeSheet, XLSX_CONTENT_TYPE } from './xlsx.ts';

/* The public surface of modules/scripts: the approved scripts (话术库, issue 50 point 3, decision 080). */
export { createScriptsRepository } from './scripts.repository.ts';
export { createScriptsService, type ScriptsService } from './scripts.service.ts';
export { scriptsRoutes } from './scripts.routes.ts';

/*
 * The public surface of modules/ownership (decision 066): the service (the duplicate check, the pool, bulk
 * reassignment, the sweep) and its routes. Other modules' creates ask `protectedHolder` through the service
 * app.ts hands them, so no module imports this one.
 */
export { createOwnershipRepository, purgeDuplicateChecks } from './ownership.repository.ts';
export {
  createOwnershipService,
  type Checker,
  type HolderOptions,
  type OwnershipService,
} from './ownership.service.ts';
export { ownershipRoutes } from './ownership.routes.ts';

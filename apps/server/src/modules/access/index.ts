/*
 * The public surface of modules/access: the policy table and the service that answers "may this
 * principal do this to that record" (docs/decisions/041).
 */
export { createAccess, requireActor, mayActor, assertAllowed, type Access, type ListScope } from './access.service.ts';
export { createAccessRepository } from './access.repository.ts';
export { can, caseRoleNames, POLICY, type Actor, type Permission } from './access.policy.ts';

/*
 * The public surface of modules/auth for other modules: the service type, so a module with a login flow of
 * its own (outside partners) opens its sessions through the one session mechanism (decision 040).
 */
export type { AuthService } from './auth.service.ts';
export type { Principal, PrincipalSubject } from './principal.ts';
/** The signed short-lived identity cookie, which the channel portal reuses for a WeChat openid. */
export { signWecomIdentity, verifyWecomIdentity } from './wecom-identity.ts';

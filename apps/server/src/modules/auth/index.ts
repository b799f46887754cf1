import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

/*
 * The public surface of modules/auth for other modules: the service type, so a module with a login flow of
 * its own (outside partners) opens its sessions through the one session mechanism (decision 040).
 */
export type { AuthService } from './auth.service.ts';
export type { Principal, PrincipalSubject } from './principal.ts';
/** The signed short-lived identity cookie, which the channel portal reuses for a WeChat openid. */
export { signWecomIdentity, verifyWecomIdentity } from './wecom-identity.ts';

/**
 * Ends every session of a staff member, in the caller's transaction (a handover, decision 066): signed out on
 * every phone and browser at once. Answers how many there were.
 */
export async function endStaffSessions(tx: Tx, corpId: number, staffId: number) {
  const gone = await tx
    .delete(sessions)
    .where(and(eq(sessions.corpId, corpId), eq(sessions.staffId, staffId)))
    .returning({ tokenHash: sessions.tokenHash });
  return gone.length;
}

/*
 * The public surface of modules/admin (the back office, decision 057): its routes, service and repository
 * for app.ts, and `recordAudit` for the back office's other calls (imports, exports, the WeCom sync,
 * decision 059), which write their audit row in their own transaction; nothing else reads its table.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/admin.ts';

export { adminRoutes } from './admin.routes.ts';
export { createAdminRepository } from './admin.repository.ts';
export { createAdminService } from './admin.service.ts';

/** One line of the audit log (who, when, what, before and after), in the change's own transaction. */
export const recordAudit = (tx: Tx, entry: typeof auditLog.$inferInsert) => tx.insert(auditLog).values(entry);

/** Deletes the company's audit-log lines older than `before` (retention, decision 071). Answers how many went. */
export async function purgeAudit(ex: Db | Tx, corpId: number, before: Date) {
  const gone = await ex
    .delete(auditLog)
    .where(and(eq(auditLog.corpId, corpId), lt(auditLog.at, before)))
    .returning({ id: auditLog.id });
  return gone.length;
}

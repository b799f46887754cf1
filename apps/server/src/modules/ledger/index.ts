/*
 * The public surface of modules/ledger (decision 067): what other modules write in the transaction of the
 * business event that causes a commission line, the access policy's claw-back lookup, and the home badge.
 */
export {
  accrueCaseCommission,
  accrueOrders,
  cancelOrder,
  dealFellThrough,
  findClawback,
  payOrder,
  pendingClawbacksBadge,
  type OrderFacts,
} from './ledger.repository.ts';
/** The demo seed issues last month's statements itself (db/seed-ledger.ts). */
export { createLedgerRepository } from './ledger.repository.ts';
export { issueStatements } from './ledger.statements.ts';

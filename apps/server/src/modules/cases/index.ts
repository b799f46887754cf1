import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { columnById, findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { anyWhere, columnsEqual, columnsOf, countWhere } from '../../db/rows-where.ts';
import { CASE_STATUS, CASE_STATUS_LABELS, findTransition } from '@crm/domain/status';
import {
  appeals,
  banks,
  caseEvents,
  channels,
  clients,
  followUps,
  products,
  serviceRequests,
} from '../../db/schema/cases.ts';
import { staff, teams } from '../../db/schema/staff.ts';
import { enqueueReminder, reminderCards } from '../reminders/index.ts';
import { caseSignersSql, openCaseSignTask } from '../sign/index.ts';
import { dashboardWhere, insertCaseEvent, keywordWhere, openCaseIn, type DashboardFilter } from './cases.repository.ts';
import type { Bound } from '../../db/bound.ts';
import { CLIENTS_PII, sealerOf, sealRows } from '../../pii/fields.ts';
import type { Sealer } from '../../pii/keyring.ts';
import { requireConsent } from './consent.service.ts';

/*
 * The public surface of modules/cases: what other modules may know of cases, appeals, follow-ups and
 * service requests. Each function takes the executor (the database or the caller's transaction) and the
 * company first. Nothing else of this folder is imported from outside (eslint.config.js).
 */

type Executor = Db | Tx;
export type { CaseRow, CaseScope } from './cases.repository.ts';
export {
  casesByIds,
  casesNearPool,
  casesToNudge,
  insertPooledCase,
  liveCaseOfCustomer,
  casesOfCustomer,
  listPool,
  lockCaseForMerge,
  lockCaseForOwnership,
  mergeCaseHistory,
  ownCasesNearPoolJson,
  ownershipSettings,
  putCaseInPool,
  recordOwnershipEvent,
  setCaseOwner,
  sweepToPool,
} from './ownership.repository.ts';
export type { PooledCase, UnplannedCase } from './ownership.repository.ts';
export { handOverFollowUps, lockCasesHeldBy } from './handover.repository.ts';
/** The consent gate (decision 073) for the signing centre and e-sign, and the case list's marker. */
export { requireConsent } from './consent.service.ts';
export { consentedOf, hasConsent } from './consent.repository.ts';
export {
  casesOfSubject,
  eraseCases,
  eraseClosedCases,
  ERASED_NAME,
  purgeClientViews,
  type SubjectCase,
} from './retention.repository.ts';

/** A live case with what its policy needs: the row, and whether it was ever put to customer service. */
const caseScopeQuery = (ex: Executor) =>
  ex
    .select({
      case: clients,
      // Spelled out: a one-table select leaves its columns unqualified, which the subquery would misread.
      putToService: sql<boolean>`exists (select 1 from ${serviceRequests} sr where sr.corp_id = clients.corp_id and sr.client_id = clients.id)`,
      signers: caseSignersSql(sql`clients.corp_id`, sql`clients.id`),
    })
    .from(clients)
    .where(
      and(
        eq(clients.corpId, sql.placeholder('corpId')),
        eq(clients.id, sql.placeholder('id')),
        isNull(clients.deletedAt),
      ),
    )
    .limit(1);
/** Every case call's access check asks it: prepared by name once per database (decision 060); a transaction runs it as is. */
const preparedCaseScope = new WeakMap<Executor, ReturnType<ReturnType<typeof caseScopeQuery>['prepare']>>();

export async function findCaseScope(ex: Executor, corpId: number, id: number) {
  let query;
  if (ex instanceof PgTransaction) query = caseScopeQuery(ex);
  else {
    query = preparedCaseScope.get(ex);
    if (!query) {
      query = caseScopeQuery(ex).prepare('cases_case_scope');
      preparedCaseScope.set(ex, query);
    }
  }
  const [row] = await query.execute({ corpId, id });
  return row ? { ...row.case, putToService: Boolean(row.putToService), signers: row.signers } : undefined;
}
export type CaseWithScope = NonNullable<Awaited<ReturnType<typeof findCaseScope>>>;

/** An appeal with its team (the policy of an appeal is its team's leader). */
export const findAppealScope = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    appeals,
    {
      id: appeals.id,
      corpId: appeals.corpId,
      clientId: appeals.clientId,
      teamId: appeals.teamId,
      status: appeals.status,
    },
    corpId,
    id,
  );

/** Names and phones of cases (deleted ones too: a task or rejection may outlive its case's deletion). */
export async function caseContacts(ex: Executor, corpId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; phone: string }>();
  const rows = await ex
    .select({ id: clients.id, name: clients.name, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), inArray(clients.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { name: row.name, phone: row.phone }]));
}

/**
 * Whether a live, open case of the company already holds this client by phone or ID number: a partner's
 * referral of the same person is then refused (decision 049). The caller holds the identity lock.
 */
export async function openCaseHoldsClient(ex: Executor, corpId: number, who: { phone: string; idNumber: string }) {
  const pii = await sealerOf(ex, corpId);
  return anyWhere(
    ex,
    clients,
    and(
      openCaseIn(corpId),
      or(
        eq(clients.phoneBidx, pii.index('phone', who.phone) ?? ''),
        who.idNumber ? eq(clients.idNumberBidx, pii.index('id_number', who.idNumber) ?? '') : undefined,
      ),
    ),
  );
}

/** The statuses of cases by id (a partner follows the case their referral became; notes stay inside). */
export const caseStatuses = (ex: Executor, corpId: number, ids: readonly number[]) =>
  columnById(ex, clients, clients.status, corpId, ids);

/** The ids of a team's live cases, as a subquery another module filters by (the leader's to-confirm list). */
export const teamCaseIds = (corpId: Bound<number>, teamId: Bound<number>) =>
  sql`(select ${clients.id} from ${clients} where ${and(eq(clients.corpId, corpId), eq(clients.teamId, teamId), isNull(clients.deletedAt))})`;

// ---- home badges: scalar subqueries, so the home page composes every module's count in one query ----
// Status constants stay literals in the SQL, so a partial index `where status = 'open'` matches any plan.

const count = (table: SQL, where: SQL | undefined) => sql`(select count(*)::int from ${table} where ${where})`;

/** Follow-ups of the person due by `at` and not done. */
export const dueFollowUpsBadge = (corpId: Bound<number>, staffId: Bound<number>, at: Bound<Date>) =>
  count(
    sql`${followUps}`,
    and(
      eq(followUps.corpId, corpId),
      eq(followUps.staffId, staffId),
      isNull(followUps.doneAt),
      lte(followUps.nextContactAt, sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`),
    ),
  );

/** Cases waiting for customer service in the company. */
export const openServiceBadge = (corpId: Bound<number>) =>
  count(sql`${serviceRequests}`, and(eq(serviceRequests.corpId, corpId), sql`${serviceRequests.status} = 'open'`));

/** Open appeals of a team, for its leader. */
export const openAppealsBadge = (corpId: Bound<number>, teamId: Bound<number>) =>
  count(sql`${appeals}`, and(eq(appeals.corpId, corpId), eq(appeals.teamId, teamId), sql`${appeals.status} = 'open'`));

/**
 * The signing centre's outcome moves the case out of 签约中: signed (→ 审批中) or a rejection confirmed by the
 * approver (→ 签约失败), through the same transition table and event log as a move on the case page. The
 * case row is locked first, before the task, as every case move locks it: one lock order, no deadlock.
 * Returns false when the case is no longer in signing (moved meanwhile), so the caller can refuse.
 */
export async function moveCaseBySigning(
  tx: Tx,
  move: { corpId: number; clientId: number; to: 3 | 2; actorId: number; note: string; at: Date },
): Promise<boolean> {
  const locked = await lockInCorp(
    tx,
    clients,
    { status: clients.status, ownerId: clients.ownerId, name: clients.name },
    move.corpId,
    move.clientId,
    isNull(clients.deletedAt),
  );
  if (!locked || !findTransition(locked.status, move.to, ['signer'])) return false;
  // Signed means the file goes to the bank: only with the client's consent in force (decision 073).
  if (move.to === CASE_STATUS.APPROVING) await requireConsent(tx, move.corpId, move.clientId);
  const failed = move.to === CASE_STATUS.SIGNING_FAILED;
  await tx
    .update(clients)
    .set({ status: move.to, ...(failed ? { rejectReason: null, rejectNote: move.note } : {}), updatedAt: move.at })
    .where(and(eq(clients.corpId, move.corpId), eq(clients.id, move.clientId)));
  const [event] = await insertCaseEvent(tx, {
    corpId: move.corpId,
    clientId: move.clientId,
    staffId: move.actorId,
    kind: 'status',
    fromStatus: CASE_STATUS.SIGNING,
    toStatus: move.to,
    reason: move.note,
    createdAt: move.at,
  }).returning({ id: caseEvents.id });
  // The owner hears of it in WeCom (decision 058), queued with the move.
  await enqueueReminder(tx, {
    corpId: move.corpId,
    kind: 'case-moved',
    eventKey: String(event?.id ?? `${move.clientId}:${move.at.getTime()}`),
    recipientId: locked.ownerId,
    card: {
      ...reminderCards.caseMoved(locked.name, CASE_STATUS_LABELS[move.to], move.note),
      path: `/business/detail/${move.clientId}`,
    },
    runAt: move.at,
    createdAt: move.at,
  });
  return true;
}

// ---- reference data a partner refers clients with (outsideProduct, outsideBank, outsideBranchBank) ----

const productBank = alias(banks, 'product_bank');

/** The company's active products with their bank's name. */
export const activeProducts = (ex: Executor, corpId: number) =>
  ex
    .select({
      id: products.id,
      name: products.name,
      bankId: products.bankId,
      bankName: sql<string>`coalesce(${productBank.name}, '')`,
      minAmountFen: products.minAmountFen,
      maxAmountFen: products.maxAmountFen,
      terms: products.termsMonths,
    })
    .from(products)
    .leftJoin(productBank, eq(productBank.id, products.bankId))
    .where(columnsEqual(products, { corpId, isActive: true }))
    .orderBy(asc(products.id));

/** The company's active banks (parentId null) or one bank's branches. */
export const activeBanks = (ex: Executor, corpId: number, parentId: number | null) =>
  ex
    .select({ id: banks.id, name: banks.name })
    .from(banks)
    .where(columnsEqual(banks, { corpId, isActive: true, parentId }))
    .orderBy(asc(banks.id));

/** Product names by id, inactive ones too (a referral keeps the product it was made with). */
export const productNames = (ex: Executor, corpId: number, ids: readonly number[]) =>
  columnById(ex, products, products.name, corpId, ids);

// ---- what a financing agreement is drawn from (modules/pact, decision 051) ----

const caseBank = alias(banks, 'case_bank');

/**
 * A live case's loan terms with its product's price and the lender's names, read in the caller's
 * executor (the approval's transaction freezes them). Undefined for another company's or a deleted case.
 */
export async function caseAgreementTerms(ex: Executor, corpId: number, id: number) {
  const [row] = await ex
    .select({
      id: clients.id,
      status: clients.status,
      ownerId: clients.ownerId,
      name: clients.name,
      phone: clients.phone,
      idNumber: clients.idNumber,
      amountFen: clients.amountFen,
      termMonths: clients.termMonths,
      productName: sql<string>`coalesce(${products.name}, '')`,
      feeType: products.feeType,
      ratePpm: products.ratePpm,
      repaymentMethod: products.repaymentMethod,
      // The case's own bank when it names one, else the product's.
      bankName: sql<string>`coalesce(${caseBank.name}, ${productBank.name}, '')`,
    })
    .from(clients)
    .leftJoin(products, and(eq(products.corpId, clients.corpId), eq(products.id, clients.productId)))
    .leftJoin(productBank, eq(productBank.id, products.bankId))
    .leftJoin(caseBank, and(eq(caseBank.corpId, clients.corpId), eq(caseBank.id, clients.bankId)))
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id), isNull(clients.deletedAt)))
    .limit(1);
  return row;
}
export type CaseAgreementTerms = NonNullable<Awaited<ReturnType<typeof caseAgreementTerms>>>;

/** An open follow-up with what its reminder says (decision 058); undefined once done or gone. */
export async function openFollowUp(ex: Executor, corpId: number, id: number) {
  const [row] = await ex
    .select({
      ...columnsOf(followUps, ['staffId', 'note', 'nextContactAt']),
      staffName: staff.name,
      clientName: clients.name,
    })
    .from(followUps)
    .innerJoin(clients, and(eq(clients.corpId, followUps.corpId), eq(clients.id, followUps.clientId)))
    .innerJoin(staff, eq(staff.id, followUps.staffId))
    .where(and(eq(followUps.corpId, corpId), eq(followUps.id, id), isNull(followUps.doneAt), isNull(clients.deletedAt)))
    .limit(1);
  return row;
}

// ---- the back office's reference lists (modules/admin, decision 057) ----
export * as references from './reference.repository.ts';

// ---- the back office's XLSX import and export (decision 059) -------------------------------------------

/** Open cases of the company holding these ID numbers, with their owner's name (one case per ID number). */
export async function openCasesByIdNumber(ex: Executor, corpId: number, idNumbers: readonly string[]) {
  const wanted = [...new Set(idNumbers.filter((value) => value !== ''))];
  if (wanted.length === 0) return new Map<string, string>();
  const pii = await sealerOf(ex, corpId);
  const rows = await ex
    .select({ idNumber: clients.idNumber, ownerName: staff.name })
    .from(clients)
    .innerJoin(staff, eq(staff.id, clients.ownerId))
    .where(
      and(
        openCaseIn(corpId),
        inArray(
          clients.idNumberBidx,
          wanted.map((value) => pii.index('id_number', value) ?? ''),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.idNumber, row.ownerName]));
}

/** A case the import makes: the case form's values, its owner and the owner's team. */
export interface ImportedCase {
  ownerId: number;
  teamId: number | null;
  name: string;
  phone: string;
  idNumber: string;
  birthDate: string | null;
  sex: number | null;
  bankCard: string;
  amountFen: number;
  termMonths: number;
  remarks: string;
}

/**
 * Imported cases enter the book as a new case does (addClient): 签约中, a 'created' line in their history
 * saying they were imported, and their task in the signing centre. One statement per table for the whole
 * file, inside the import's transaction; the open-case index still refuses a duplicate ID number.
 */
export async function importCases(tx: Tx, about: { corpId: number; actorId: number; at: Date }, rows: ImportedCase[]) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(clients)
      .values(
        await sealRows(
          tx,
          CLIENTS_PII,
          rows.slice(i, i + 500).map((row) => ({
            ...row,
            corpId: about.corpId,
            status: CASE_STATUS.SIGNING,
            createdAt: about.at,
            updatedAt: about.at,
          })),
        ),
      )
      .returning({ id: clients.id });
    ids.push(...inserted.map((row) => row.id));
    await tx.insert(caseEvents).values(
      inserted.map((row) => ({
        corpId: about.corpId,
        clientId: row.id,
        staffId: about.actorId,
        kind: 'created' as const,
        fromStatus: null,
        toStatus: CASE_STATUS.SIGNING,
        reason: '批量导入',
        createdAt: about.at,
      })),
    );
  }
  for (const clientId of ids)
    await openCaseSignTask(tx, {
      corpId: about.corpId,
      clientId,
      proposedSignerId: null,
      createdBy: about.actorId,
      createdAt: about.at,
    });
  return ids;
}

/** The case list's filters (clientList), for the whole company: the back office's export. */
export type CaseExportFilter = DashboardFilter & {
  status: number;
  keyword: string;
  owner_id?: number | undefined;
  team_id?: number | undefined;
};

const exportWhere = (corpId: number, filter: CaseExportFilter, pii: Sealer) =>
  and(
    eq(clients.corpId, corpId),
    isNull(clients.deletedAt),
    filter.status ? eq(clients.status, filter.status) : undefined,
    filter.owner_id ? eq(clients.ownerId, filter.owner_id) : undefined,
    filter.team_id ? eq(clients.teamId, filter.team_id) : undefined,
    keywordWhere(filter.keyword, pii),
    dashboardWhere(filter),
  );

export const countCasesForExport = async (ex: Executor, corpId: number, filter: CaseExportFilter) =>
  countWhere(ex, clients, exportWhere(corpId, filter, await sealerOf(ex, corpId)));

const exportBank = alias(banks, 'export_bank');
const exportOwner = alias(staff, 'export_owner');

/** One page of the export, oldest first after `afterId`, with the names a spreadsheet shows. */
export const exportCasesPage = async (
  ex: Executor,
  corpId: number,
  filter: CaseExportFilter,
  afterId: number,
  limit: number,
) =>
  ex
    .select({
      id: clients.id,
      name: clients.name,
      phone: clients.phone,
      idNumber: clients.idNumber,
      bankCard: clients.bankCard,
      amountFen: clients.amountFen,
      termMonths: clients.termMonths,
      status: clients.status,
      ownerId: clients.ownerId,
      ownerName: exportOwner.name,
      teamName: sql<string>`coalesce(${teams.name}, '')`,
      productName: sql<string>`coalesce(${products.name}, '')`,
      bankName: sql<string>`coalesce(${exportBank.name}, '')`,
      channelName: sql<string>`coalesce(${channels.name}, '')`,
      remarks: clients.remarks,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .innerJoin(exportOwner, eq(exportOwner.id, clients.ownerId))
    .leftJoin(teams, eq(teams.id, clients.teamId))
    .leftJoin(products, and(eq(products.corpId, clients.corpId), eq(products.id, clients.productId)))
    .leftJoin(exportBank, and(eq(exportBank.corpId, clients.corpId), eq(exportBank.id, clients.bankId)))
    .leftJoin(channels, and(eq(channels.corpId, clients.corpId), eq(channels.id, clients.channelId)))
    .where(and(exportWhere(corpId, filter, await sealerOf(ex, corpId)), gt(clients.id, afterId)))
    .orderBy(asc(clients.id))
    .limit(limit);

/**
 * 渠道活码's statistics (decision 083): which of these phones a case of the company was made for (found by the
 * phone's blind index, decision 074; a merged or deleted case does not count).
 */
export async function phonesWithCases(ex: Executor, corpId: number, phones: readonly string[]): Promise<Set<string>> {
  const pii = await sealerOf(ex, corpId);
  const byIndex = new Map<string, string>();
  for (const phone of phones) {
    const index = pii.index('phone', phone);
    if (index) byIndex.set(index, phone);
  }
  if (byIndex.size === 0) return new Set();
  const rows = await ex
    .selectDistinct({ index: clients.phoneBidx })
    .from(clients)
    .where(
      and(
        eq(clients.corpId, corpId),
        inArray(clients.phoneBidx, [...byIndex.keys()]),
        isNull(clients.deletedAt),
        isNull(clients.mergedInto),
      ),
    );
  return new Set(rows.flatMap((row) => (row.index ? [byIndex.get(row.index) ?? ''] : [])).filter(Boolean));
}

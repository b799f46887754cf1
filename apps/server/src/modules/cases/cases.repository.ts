import { DEFAULT_ALL_IN_COST_CAP_BP } from '@crm/domain/calculator';
import { NON_SALES_JOBS } from '@crm/domain/roles';
import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { primaryReads, type Reads } from '../../db/replicas.ts';
import { findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { activeStaff } from '../../db/active-staff.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { banks, caseEvents, channels, cities, products, sources } from '../../db/schema/cases.ts';
import { companies, staff, teams } from '../../db/schema/staff.ts';
import { appeals, caseConsents, clients, clientViews, followUps, serviceRequests } from '../../db/schema/cases.ts';
import { columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { CLIENTS_PII, sealerOf, sealValues } from '../../pii/fields.ts';
import type { Sealer } from '../../pii/keyring.ts';

type Executor = Db | Tx;
export type CaseRow = typeof clients.$inferSelect;
export type CaseValues = Omit<typeof clients.$inferInsert, 'id' | 'corpId' | 'createdAt'>;
export type EventValues = Omit<typeof caseEvents.$inferInsert, 'id' | 'createdAt'>;

/** A line of a case's history; the signing centre's moves write theirs through index.ts with this too. */
export const insertCaseEvent = (tx: Tx, values: EventValues & { createdAt?: Date }) =>
  tx.insert(caseEvents).values(values);

/**
 * Which cases a list or statistic covers: one owner's, or one team's (optionally narrowed to one member of
 * it, when a leader opens a member's cases). Always inside one company.
 */
export type CaseScope = { corpId: number } & ({ ownerId: number } | { teamId: number; ownerId?: number });

const live = isNull(clients.deletedAt);
/** Not in the company's pool (decision 066): a pooled case is nobody's, so no one's or team's list shows it. */
const owned = isNull(clients.pooledAt);

/** Statuses after which a case no longer holds its client (the open-case index's `status not in`). */
const CLOSED_STATUSES = [6, 8, 9];

/** The company's live cases that still hold their client: what the open-case unique indexes cover. */
export const openCaseIn = (corpId: number): SQL | undefined =>
  and(eq(clients.corpId, corpId), live, notInArray(clients.status, CLOSED_STATUSES));
const scopeWhere = (scope: CaseScope): SQL | undefined =>
  and(
    eq(clients.corpId, scope.corpId),
    'teamId' in scope ? eq(clients.teamId, scope.teamId) : undefined,
    scope.ownerId === undefined ? undefined : eq(clients.ownerId, scope.ownerId),
    live,
    owned,
  );
const n = (value: unknown) => Number(value ?? 0);
/** Joins a follow-up, a service request or an appeal to its case, inside the same company. */
const caseOf = (row: typeof followUps | typeof serviceRequests | typeof appeals) =>
  and(eq(clients.corpId, row.corpId), eq(clients.id, row.clientId));
/** The columns of a line in the case lists; the list of a team adds the owner's name. */
const caseListColumns = {
  id: clients.id,
  name: clients.name,
  phone: clients.phone,
  status: clients.status,
  amountFen: clients.amountFen,
  termMonths: clients.termMonths,
  rejectReason: clients.rejectReason,
  createdAt: clients.createdAt,
  // The one-given unique index answers it per row (decision 073): the list's marker costs no extra round trip.
  // Spelled out: a one-table select leaves its columns unqualified, which the subquery would misread.
  consent: sql<boolean>`exists (select 1 from ${caseConsents} cc where cc.corp_id = clients.corp_id and cc.client_id = clients.id and cc.status = 'given')`,
};

/** A bar of the leader's dashboard narrows a case list (decision 058). */
export type DashboardFilter = {
  month?: string | undefined;
  reached?: number | undefined;
  bank_id?: number | undefined;
  product_id?: number | undefined;
  channel_id?: number | undefined;
};
const intakeMonth = sql<string>`to_char(${clients.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
export function dashboardWhere(filter: DashboardFilter): SQL | undefined {
  return and(
    filter.month ? eq(intakeMonth, filter.month) : undefined,
    filter.reached
      ? sql`(${clients.status} = ${filter.reached} or exists (select 1 from ${caseEvents} e where e.corp_id = ${clients.corpId} and e.client_id = ${clients.id} and e.to_status = ${filter.reached}))`
      : undefined,
    filter.bank_id ? eq(clients.bankId, filter.bank_id) : undefined,
    filter.product_id ? eq(clients.productId, filter.product_id) : undefined,
    filter.channel_id ? eq(clients.channelId, filter.channel_id) : undefined,
  );
}

/**
 * The case list's search: a whole phone or its last four digits through the blind indexes (decision 074;
 * a sealed phone has no other fragment to match), anything else the name's start.
 */
export function keywordWhere(keyword: string, pii: Sealer): SQL | undefined {
  if (!keyword) return undefined;
  if (/^\d{11}$/.test(keyword)) return eq(clients.phoneBidx, pii.index('phone', keyword) ?? '');
  if (/^\d{4}$/.test(keyword)) return eq(clients.phoneLast4Bidx, pii.last4(keyword) ?? '');
  if (/^\d{1,11}$/.test(keyword)) return sql`false`;
  return sql`${clients.name} like ${`${keyword.replace(/[%_\\]/g, '\\$&')}%`}`;
}

/**
 * Each case of the scope taken in since `since`, once, with the stages its events ever reached: the one
 * subquery every figure of the leader's dashboard is grouped from (decision 058). The events are read per case
 * (a lateral subquery on `case_events_corp_client_id_moves`), so the cost follows the scope's cases, never the
 * company's whole timeline (a hash join over every event of the company was 4× slower at 200,000 cases).
 */
function perCase(scope: CaseScope, since: Date) {
  return sql`(
    select ${clients.id} as id, ${clients.ownerId} as owner_id, ${clients.bankId} as bank_id,
      ${clients.productId} as product_id, ${clients.channelId} as channel_id, ${clients.amountFen} as amount_fen,
      ${intakeMonth} as month,
      coalesce(ev.signed, false) or ${clients.status} = 3 as signed,
      coalesce(ev.approved, false) or ${clients.status} = 5 as approved,
      coalesce(ev.rejected, false) or ${clients.status} = 6 as rejected,
      coalesce(ev.disbursed, false) or ${clients.status} = 8 as disbursed
    from ${clients}
    cross join lateral (
      select bool_or(e.to_status = 3) as signed, bool_or(e.to_status = 5) as approved,
        bool_or(e.to_status = 6) as rejected, bool_or(e.to_status = 8) as disbursed
      from ${caseEvents} e where e.corp_id = ${clients.corpId} and e.client_id = ${clients.id}
    ) ev
    where ${and(scopeWhere(scope), gte(clients.createdAt, since))}
  ) pc`;
}

/**
 * `reads`: the case lists, statistics and the leader's dashboard read through its reader, a replica when the
 * request was given one (decision 077); everything else, writes first, goes to `db`, the primary.
 */
/** A case event as the detail statement answers it (JSON: the time is text). */
export interface CaseEventJson {
  id: number;
  kind: string;
  from_status: number | null;
  to_status: number | null;
  reason: string;
  staff_name: string;
  created_at: string;
}

export function createCasesRepository(db: Db, reads: Reads = primaryReads(db)) {
  const reader = reads.reader;
  const owner = alias(staff, 'owner');
  /**
   * One keyset page of a case's requests (service requests, appeals), newest first, each with its client's
   * name and status and the name of the staff member `staffId` points at (the case's owner, the appellant).
   */
  const requestPage = <F extends SelectedFields>(
    table: typeof serviceRequests | typeof appeals,
    fields: F,
    staffId: AnyPgColumn,
    where: SQL | undefined,
    filter: KeysetPage,
  ) =>
    keyset(filter, table.id, (limit, before) =>
      db
        .select({ ...fields, clientName: clients.name, clientStatus: clients.status, staffName: owner.name })
        .from(table)
        .innerJoin(clients, caseOf(table))
        .innerJoin(owner, eq(owner.id, staffId))
        .where(and(where, before))
        .orderBy(desc(table.id))
        .limit(limit),
    );
  /**
   * "My cases" without a search, the list people open most: a named prepared statement, so PostgreSQL
   * plans it once per connection instead of on every page. Status 0 means every status; a missing
   * cursor is passed as the largest id.
   */
  const prepareMyCasesPage = (ex: Db) =>
    ex
      .select(caseListColumns)
      .from(clients)
      .where(
        and(
          eq(clients.corpId, sql.placeholder('corpId')),
          eq(clients.ownerId, sql.placeholder('ownerId')),
          live,
          owned,
          lt(clients.id, sql.placeholder('cursor')),
          sql`(${sql.placeholder('status')}::int = 0 or ${clients.status} = ${sql.placeholder('status')}::int)`,
        ),
      )
      .orderBy(desc(clients.id))
      .limit(sql.placeholder('limit'))
      .prepare('cases_my_page');
  // One prepared statement per executor: a statement prepared on the primary's pool runs there only.
  const myCasesPages = new Map<Db, ReturnType<typeof prepareMyCasesPage>>();
  const myCasesPage = () => {
    const ex = reads.current();
    let page = myCasesPages.get(ex);
    if (!page) myCasesPages.set(ex, (page = prepareMyCasesPage(ex)));
    return page;
  };

  /**
   * Everything a case's detail shows beyond its own row, in one statement prepared by name (decisions 060,
   * issue 44): the names of what it points at (a null id names ''), its history, its product's price and the
   * company's all-in cost line. One round trip instead of four.
   */
  const place = (name: string) => sql`${sql.placeholder(name)}::int`;
  const nameOf = (table: SQL, id: string) =>
    sql<string | null>`(select name from ${table} where corp_id = ${place('corpId')} and id = ${place(id)})`;
  const caseNamesQuery = db
    .select({
      product: nameOf(sql`${products}`, 'productId'),
      bank: nameOf(sql`${banks}`, 'bankId'),
      channel: nameOf(sql`${channels}`, 'channelId'),
      source: nameOf(sql`${sources}`, 'sourceId'),
      city: sql<string | null>`(select name from ${cities} where id = ${place('cityId')})`,
      sign_user: nameOf(sql`${staff}`, 'signUserId'),
      owner: nameOf(sql`${staff}`, 'ownerId'),
      has_moved: sql<boolean>`exists (select 1 from ${caseEvents} where corp_id = ${place('corpId')} and client_id = ${place('id')} and kind <> 'created' and kind <> 'edited')`,
      has_open_service: sql<boolean>`exists (select 1 from ${serviceRequests} where corp_id = ${place('corpId')} and client_id = ${place('id')} and status = 'open')`,
      has_open_appeal: sql<boolean>`exists (select 1 from ${appeals} where corp_id = ${place('corpId')} and client_id = ${place('id')} and status = 'open')`,
      events: sql<CaseEventJson[]>`(select coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind,
          'from_status', e.from_status, 'to_status', e.to_status, 'reason', e.reason, 'staff_name', s.name,
          'created_at', e.created_at) order by e.id), '[]'::json)
        from ${caseEvents} e join ${staff} s on s.id = e.staff_id
        where e.corp_id = ${place('corpId')} and e.client_id = ${place('id')})`,
      price: sql<{ fee_type: number | null; rate_ppm: number | null; method: number | null } | null>`(select
        json_build_object('fee_type', fee_type, 'rate_ppm', rate_ppm, 'method', repayment_method)
        from ${products} where corp_id = ${place('corpId')} and id = ${place('productId')})`,
      cap_bp: sql<number | null>`(select all_in_cost_cap_bp from ${companies} where id = ${place('corpId')})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('cases_case_names');

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // ---- reference data --------------------------------------------------------------------------
    listChannels: (corpId: number) =>
      db
        .select({ id: channels.id, name: channels.name, parent_id: channels.parentId })
        .from(channels)
        .where(and(eq(channels.corpId, corpId), eq(channels.isActive, true)))
        .orderBy(asc(channels.sortOrder), asc(channels.id)),
    listSources: (corpId: number) =>
      db
        .select({ id: sources.id, name: sources.name })
        .from(sources)
        .where(and(eq(sources.corpId, corpId), eq(sources.isActive, true)))
        .orderBy(asc(sources.id)),
    listBanks: (corpId: number) =>
      db
        .select({ id: banks.id, name: banks.name, parent_id: banks.parentId })
        .from(banks)
        .where(and(eq(banks.corpId, corpId), eq(banks.isActive, true)))
        .orderBy(asc(banks.id)),
    listProducts: (corpId: number, bankId: number | null) =>
      db
        .select({
          id: products.id,
          name: products.name,
          bank_id: products.bankId,
          min_amount_fen: products.minAmountFen,
          max_amount_fen: products.maxAmountFen,
          terms: products.termsMonths,
          fee_type: products.feeType,
          rate_ppm: products.ratePpm,
          repayment_method: products.repaymentMethod,
        })
        .from(products)
        .where(
          // No bank (0 or none) is every bank.
          columnsEqual(products, { corpId, isActive: true, bankId: bankId || undefined }),
        )
        .orderBy(asc(products.id)),
    /** The company's active products with their rules, fees, price and bank's name: what productMatch reads. */
    listMatchProducts: (corpId: number) =>
      db
        .select({
          id: products.id,
          name: products.name,
          bankId: products.bankId,
          bankName: sql<string>`coalesce(${banks.name}, '')`,
          minAmountFen: products.minAmountFen,
          maxAmountFen: products.maxAmountFen,
          termsMonths: products.termsMonths,
          feeType: products.feeType,
          ratePpm: products.ratePpm,
          repaymentMethod: products.repaymentMethod,
          rules: products.rules,
          fees: products.fees,
        })
        .from(products)
        .leftJoin(banks, and(eq(banks.corpId, products.corpId), eq(banks.id, products.bankId)))
        .where(columnsEqual(products, { corpId, isActive: true }))
        .orderBy(asc(products.id)),
    /** One product's price (decision 051), for the all-in cost of a case; undefined for another company's. */
    async productPrice(corpId: number, id: number, ex: Executor = db) {
      const [row] = await ex
        .select({ feeType: products.feeType, ratePpm: products.ratePpm, method: products.repaymentMethod })
        .from(products)
        .where(and(eq(products.corpId, corpId), eq(products.id, id)));
      return row;
    },
    /** The company's warning line of the all-in cost, basis points (decision 068). */
    async allInCostCapBp(corpId: number, ex: Executor = db) {
      const [row] = await ex
        .select({ capBp: companies.allInCostCapBp })
        .from(companies)
        .where(eq(companies.id, corpId));
      return row?.capBp ?? DEFAULT_ALL_IN_COST_CAP_BP;
    },
    /** Names of the given cities (the cities table is everyone's). */
    async cityNames(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: cities.id, name: cities.name })
        .from(cities)
        .where(inArray(cities.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    listCities: () =>
      db.select({ id: cities.id, name: cities.name, parent_id: cities.parentId }).from(cities).orderBy(asc(cities.id)),
    /** Signers (job 2) of the company a case can be assigned to. */
    listSigners: (corpId: number) =>
      activeStaff(db, corpId, { id: staff.id, name: staff.name }, { where: [arrayContains(staff.jobs, [2])] }),

    /** Which of the given reference ids exist in this company (a case may name only its own company's). */
    async referencesExist(
      corpId: number,
      ids: {
        productId: number | null;
        bankId: number | null;
        channelId: number | null;
        sourceId: number | null;
        cityId: number | null;
        signUserId: number | null;
      },
    ) {
      const one = (table: SQL, where: SQL) => sql`exists (select 1 from ${table} where ${where})`;
      const yes = sql`true`;
      const result = await db.execute<Record<string, boolean>>(sql`select
        ${ids.productId ? one(sql`${products}`, sql`${products.corpId} = ${corpId} and ${products.id} = ${ids.productId}`) : yes} as product,
        ${ids.bankId ? one(sql`${banks}`, sql`${banks.corpId} = ${corpId} and ${banks.id} = ${ids.bankId}`) : yes} as bank,
        ${ids.channelId ? one(sql`${channels}`, sql`${channels.corpId} = ${corpId} and ${channels.id} = ${ids.channelId}`) : yes} as channel,
        ${ids.sourceId ? one(sql`${sources}`, sql`${sources.corpId} = ${corpId} and ${sources.id} = ${ids.sourceId}`) : yes} as source,
        ${ids.cityId ? one(sql`${cities}`, sql`${cities.id} = ${ids.cityId}`) : yes} as city,
        ${ids.signUserId ? one(sql`${staff}`, sql`${staff.corpId} = ${corpId} and ${staff.id} = ${ids.signUserId} and ${staff.jobs} @> array[2]::smallint[]`) : yes} as sign_user`);
      const row = result.rows[0] ?? {};
      return {
        product: !!row.product,
        bank: !!row.bank,
        channel: !!row.channel,
        source: !!row.source,
        city: !!row.city,
        signUser: !!row.sign_user,
      };
    },

    /** Salespeople a case may be handed to: active staff holding no back-office job (NON_SALES_JOBS). */
    listSalespeople: (corpId: number) =>
      activeStaff(
        db,
        corpId,
        { id: staff.id, name: staff.name },
        {
          where: [sql`not (${staff.jobs} && ${sql.raw(`array[${NON_SALES_JOBS.join(',')}]::smallint[]`)})`],
          limit: 500,
        },
      ),

    findStaff: (corpId: number, id: number) =>
      findInCorp(
        db,
        staff,
        { id: staff.id, name: staff.name, teamId: staff.teamId, isActive: staff.isActive, jobs: staff.jobs },
        corpId,
        id,
      ),

    // ---- cases -----------------------------------------------------------------------------------
    /** The open case holding this ID number in the company, with its owner's name. */
    async findOpenCaseByIdNumber(corpId: number, idNumber: string, exceptId: number | null, ex: Executor = db) {
      const [row] = await ex
        .select({ id: clients.id, ownerName: owner.name })
        .from(clients)
        .innerJoin(owner, eq(owner.id, clients.ownerId))
        .where(
          and(
            openCaseIn(corpId),
            eq(clients.idNumberBidx, (await sealerOf(ex, corpId)).index('id_number', idNumber) ?? ''),
            exceptId ? ne(clients.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    async insertCase(tx: Tx, corpId: number, values: CaseValues) {
      const [row] = await tx
        .insert(clients)
        .values(await sealValues(tx, corpId, CLIENTS_PII, { corpId, ...values }))
        .returning({ id: clients.id });
      if (!row) throw new Error('case not inserted');
      return row.id;
    },

    insertEvent: insertCaseEvent,

    async findCase(corpId: number, id: number, ex: Executor = db): Promise<CaseRow | undefined> {
      const [row] = await ex
        .select()
        .from(clients)
        .where(and(eq(clients.corpId, corpId), eq(clients.id, id), live))
        .limit(1);
      return row;
    },

    /** Locks the case row for a change that reads then writes it (status moves, transfers). */
    lockCase: (tx: Tx, corpId: number, id: number): Promise<CaseRow | undefined> =>
      lockInCorp(tx, clients, getTableColumns(clients), corpId, id, live),

    async updateCase(tx: Tx, corpId: number, id: number, values: Partial<CaseValues>) {
      await tx
        .update(clients)
        .set({ ...(await sealValues(tx, corpId, CLIENTS_PII, values)), updatedAt: sql`now()` })
        .where(and(eq(clients.corpId, corpId), eq(clients.id, id)));
    },

    async softDelete(tx: Tx, corpId: number, id: number) {
      await tx
        .update(clients)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(clients.corpId, corpId), eq(clients.id, id)));
      await tx
        .update(followUps)
        .set({ doneAt: sql`now()` })
        .where(and(eq(followUps.corpId, corpId), eq(followUps.clientId, id), isNull(followUps.doneAt)));
      await tx
        .update(serviceRequests)
        .set({ status: 'done', handledAt: sql`now()` })
        .where(
          and(eq(serviceRequests.corpId, corpId), eq(serviceRequests.clientId, id), eq(serviceRequests.status, 'open')),
        );
    },

    /** Names of the reference rows a case points at, for its detail page. */
    async caseNames(c: CaseRow) {
      const [found] = await caseNamesQuery.execute({
        corpId: c.corpId,
        id: c.id,
        productId: c.productId,
        bankId: c.bankId,
        channelId: c.channelId,
        sourceId: c.sourceId,
        cityId: c.cityId,
        signUserId: c.signUserId,
        ownerId: c.ownerId,
      });
      const row: Partial<NonNullable<typeof found>> = found ?? {};
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      return {
        product: text(row.product),
        bank: text(row.bank),
        channel: text(row.channel),
        source: text(row.source),
        city: text(row.city),
        signUser: text(row.sign_user),
        owner: text(row.owner),
        hasMoved: Boolean(row.has_moved),
        hasOpenService: Boolean(row.has_open_service),
        hasOpenAppeal: Boolean(row.has_open_appeal),
        events: row.events ?? [],
        price: row.price
          ? { feeType: row.price.fee_type, ratePpm: row.price.rate_ppm, method: row.price.method }
          : undefined,
        capBp: row.cap_bp ?? DEFAULT_ALL_IN_COST_CAP_BP,
      };
    },

    /**
     * One keyset page of cases, newest first: `id < cursor` on an index that leads with corp_id and owner
     * (or team), so a deep page costs what the first one does.
     */
    /** The caller's own cases, no search: the prepared statement above. */
    myCases: (corpId: number, ownerId: number, filter: { status: number; cursor: number | null; limit: number }) =>
      myCasesPage().execute({
        corpId,
        ownerId,
        status: filter.status,
        cursor: filter.cursor ?? 2_147_483_647,
        limit: filter.limit + 1,
      }),

    listCases: async (
      scope: CaseScope,
      filter: { status: number; keyword: string; cursor: number | null; limit: number } & DashboardFilter,
    ) => {
      const search = filter.keyword ? keywordWhere(filter.keyword, await sealerOf(db, scope.corpId)) : undefined;
      return keyset(filter, clients.id, (limit, before) =>
        reader
          .select({ ...caseListColumns, ownerName: owner.name })
          .from(clients)
          .innerJoin(owner, eq(owner.id, clients.ownerId))
          .where(
            and(
              scopeWhere(scope),
              filter.status ? eq(clients.status, filter.status) : undefined,
              before,
              search,
              dashboardWhere(filter),
            ),
          )
          .orderBy(desc(clients.id))
          .limit(limit),
      );
    },

    // ---- follow-ups ------------------------------------------------------------------------------
    /** The person's open follow-ups, soonest first; `dueBy` keeps only those due by then. */
    listPending: (
      corpId: number,
      staffId: number,
      filter: { dueBy: Date | null; cursor: number | null; limit: number },
    ) =>
      keyset(filter, followUps.id, (limit, before) =>
        db
          .select({
            ...columnsOf(followUps, ['id', 'clientId', 'note', 'nextContactAt']),
            clientName: clients.name,
            phone: clients.phone,
            status: clients.status,
          })
          .from(followUps)
          .innerJoin(clients, caseOf(followUps))
          .where(
            and(
              columnsEqual(followUps, { corpId, staffId, doneAt: null }),
              live,
              filter.dueBy ? lte(followUps.nextContactAt, filter.dueBy) : undefined,
              // Offset-free paging on (next_contact_at, id) would need a compound cursor; ids of open
              // follow-ups of one person are few (dozens), so a plain id keyset in id order is enough.
              before,
            ),
          )
          .orderBy(desc(followUps.id))
          .limit(limit),
      ),

    listFollowUps: (corpId: number, clientId: number) =>
      db
        .select({
          ...columnsOf(followUps, ['id', 'note', 'nextContactAt', 'doneAt', 'createdAt']),
          staffName: staff.name,
        })
        .from(followUps)
        .innerJoin(staff, eq(staff.id, followUps.staffId))
        .where(columnsEqual(followUps, { corpId, clientId }))
        .orderBy(desc(followUps.id))
        .limit(100),

    /** A new follow-up closes the person's earlier open ones on the same case: one next step at a time. */
    async addFollowUp(
      tx: Tx,
      values: { corpId: number; clientId: number; staffId: number; note: string; nextContactAt: Date },
    ) {
      await tx
        .update(followUps)
        .set({ doneAt: sql`now()` })
        .where(
          and(
            eq(followUps.corpId, values.corpId),
            eq(followUps.clientId, values.clientId),
            eq(followUps.staffId, values.staffId),
            isNull(followUps.doneAt),
          ),
        );
      const [row] = await tx.insert(followUps).values(values).returning({ id: followUps.id });
      return row?.id ?? 0;
    },

    // ---- customer service ------------------------------------------------------------------------
    /** Puts the case to customer service unless a request is open already (the one-open index decides, also in a race). */
    openServiceRequest: (tx: Tx, corpId: number, clientId: number, requestedBy: number) =>
      tx.insert(serviceRequests).values({ corpId, clientId, requestedBy }).onConflictDoNothing(),

    listService: (
      corpId: number,
      filter: { openOnly: boolean; id: number | null; cursor: number | null; limit: number },
    ) =>
      requestPage(
        serviceRequests,
        {
          ...columnsOf(serviceRequests, ['id', 'clientId', 'status', 'transferReason', 'createdAt']),
          ...columnsOf(clients, ['phone', 'ownerId']),
        },
        clients.ownerId,
        and(
          columnsEqual(serviceRequests, {
            corpId,
            status: filter.openOnly ? 'open' : undefined,
            id: filter.id || undefined,
          }),
          live,
        ),
        filter,
      ),

    lockServiceRequest: (tx: Tx, corpId: number, id: number) =>
      lockInCorp(tx, serviceRequests, getTableColumns(serviceRequests), corpId, id),

    closeServiceRequest: (
      tx: Tx,
      corpId: number,
      id: number,
      values: { handledBy: number; toStaffId: number; transferReason: string },
    ) =>
      tx
        .update(serviceRequests)
        .set({ ...values, status: 'transferred', handledAt: sql`now()` })
        .where(and(eq(serviceRequests.corpId, corpId), eq(serviceRequests.id, id))),

    /**
     * Hands the case's next step to the new owner along with the case: the newest open follow-up moves,
     * older open ones (of the owner, the leader, the new owner) are closed, so the one-open index holds.
     */
    async moveFollowUps(tx: Tx, corpId: number, clientId: number, toStaffId: number) {
      const open = and(eq(followUps.corpId, corpId), eq(followUps.clientId, clientId), isNull(followUps.doneAt));
      const [newest] = await tx
        .select({ id: followUps.id })
        .from(followUps)
        .where(open)
        .orderBy(desc(followUps.id))
        .limit(1);
      if (!newest) return;
      await tx
        .update(followUps)
        .set({ doneAt: sql`now()` })
        .where(and(open, ne(followUps.id, newest.id)));
      await tx
        .update(followUps)
        .set({ staffId: toStaffId })
        .where(and(eq(followUps.corpId, corpId), eq(followUps.id, newest.id)));
    },

    // ---- appeals ---------------------------------------------------------------------------------
    async insertAppeal(tx: Tx, values: typeof appeals.$inferInsert) {
      const [row] = await tx.insert(appeals).values(values).returning({ id: appeals.id });
      return row?.id ?? 0;
    },

    listAppeals: (
      corpId: number,
      by: { staffId: number } | { teamId: number },
      filter: { openOnly: boolean; cursor: number | null; limit: number },
    ) =>
      requestPage(
        appeals,
        columnsOf(appeals, ['id', 'clientId', 'reason', 'status', 'decisionReason', 'createdAt', 'decidedAt']),
        appeals.staffId,
        columnsEqual(appeals, { corpId, ...by, status: filter.openOnly ? 'open' : undefined }),
        filter,
      ),

    lockAppeal: (tx: Tx, corpId: number, id: number) => lockInCorp(tx, appeals, getTableColumns(appeals), corpId, id),

    decideAppeal: (
      tx: Tx,
      corpId: number,
      id: number,
      values: { status: 'approved' | 'refused'; decidedBy: number; decisionReason: string },
    ) =>
      tx
        .update(appeals)
        .set({ ...values, decidedAt: sql`now()` })
        .where(and(eq(appeals.corpId, corpId), eq(appeals.id, id))),

    // ---- statistics ------------------------------------------------------------------------------
    async statByStatus(scope: CaseScope) {
      const rows = await reader
        .select({
          status: clients.status,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`coalesce(sum(${clients.amountFen}), 0)`,
        })
        .from(clients)
        .where(scopeWhere(scope))
        .groupBy(clients.status)
        .orderBy(asc(clients.status));
      return rows.map((row) => ({ status: row.status, count: n(row.count), amount_fen: n(row.amount) }));
    },

    /** Cases and amounts by month of intake (Beijing time) since `since`. */
    async statByMonth(scope: CaseScope, since: Date) {
      const month = sql<string>`to_char(${clients.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
      const rows = await reader
        .select({
          month,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`coalesce(sum(${clients.amountFen}), 0)`,
          disbursed: sql<string>`coalesce(sum(${clients.amountFen}) filter (where ${clients.status} = 8), 0)`,
        })
        .from(clients)
        .where(and(scopeWhere(scope), gte(clients.createdAt, since)))
        .groupBy(month)
        .orderBy(month);
      return rows.map((row) => ({
        month: row.month,
        count: n(row.count),
        amount_fen: n(row.amount),
        disbursed_fen: n(row.disbursed),
      }));
    },

    async memberStats(corpId: number, teamId: number) {
      const rows = await reader
        .select({
          staffId: staff.id,
          name: staff.name,
          count: sql<number>`count(${clients.id})::int`,
          amount: sql<string>`coalesce(sum(${clients.amountFen}), 0)`,
          disbursedCount: sql<number>`(count(${clients.id}) filter (where ${clients.status} = 8))::int`,
          disbursed: sql<string>`coalesce(sum(${clients.amountFen}) filter (where ${clients.status} = 8), 0)`,
        })
        .from(staff)
        .leftJoin(clients, and(eq(clients.corpId, staff.corpId), eq(clients.ownerId, staff.id), live))
        .where(and(eq(staff.corpId, corpId), eq(staff.teamId, teamId), eq(staff.isActive, true)))
        .groupBy(staff.id, staff.name)
        .orderBy(desc(sql`coalesce(sum(${clients.amountFen}), 0)`), asc(staff.id));
      return rows.map((row) => ({
        staff_id: row.staffId,
        name: row.name,
        count: n(row.count),
        amount_fen: n(row.amount),
        disbursed_count: n(row.disbursedCount),
        disbursed_fen: n(row.disbursed),
      }));
    },

    // ---- who saw a client's full numbers (decision 058) -------------------------------------------
    async insertView(values: Omit<typeof clientViews.$inferInsert, 'id'>) {
      await db.insert(clientViews).values(values);
    },

    /** The team's view log, newest first: who, which client, which number, when. */
    listViews: (corpId: number, teamId: number, filter: { cursor: number | null; limit: number }) =>
      keyset(filter, clientViews.id, (limit, before) =>
        db
          .select({
            ...columnsOf(clientViews, ['id', 'clientId', 'field', 'viewedAt']),
            clientName: clients.name,
            staffName: staff.name,
          })
          .from(clientViews)
          .innerJoin(clients, and(eq(clients.corpId, clientViews.corpId), eq(clients.id, clientViews.clientId)))
          .innerJoin(staff, eq(staff.id, clientViews.staffId))
          .where(and(eq(clientViews.corpId, corpId), eq(clientViews.teamId, teamId), before))
          .orderBy(desc(clientViews.id))
          .limit(limit),
      ),

    // ---- the leader's dashboard (decision 058) ---------------------------------------------------
    async funnelByMonth(scope: CaseScope, since: Date) {
      const result = await reader.execute<Record<string, string | number>>(sql`
        select month, count(*)::int as intake, (count(*) filter (where signed))::int as signed,
          (count(*) filter (where approved))::int as approved, (count(*) filter (where disbursed))::int as disbursed
        from ${perCase(scope, since)} group by month order by month`);
      return result.rows.map((row) => ({
        month: String(row.month),
        intake: n(row.intake),
        signed: n(row.signed),
        approved: n(row.approved),
        disbursed: n(row.disbursed),
      }));
    },

    /**
     * How long a case stays in each status: from the event that moved it in to the next event that moved it
     * on (edits and appeals that change nothing are not moves), median over the scope's cases.
     */
    async statusMedians(scope: CaseScope, since: Date) {
      const result = await reader.execute<Record<string, string | number>>(sql`
        select status, percentile_cont(0.5) within group (order by seconds) / 3600.0 as hours, count(*)::int as moves
        from (
          select m.status, m.seconds
          from ${clients}
          cross join lateral (
            select e.to_status as status,
              extract(epoch from lead(e.created_at) over (order by e.id) - e.created_at) as seconds
            from ${caseEvents} e
            where e.corp_id = ${clients.corpId} and e.client_id = ${clients.id}
              and e.to_status is not null and e.from_status is distinct from e.to_status
          ) m
          where ${and(scopeWhere(scope), gte(clients.createdAt, since))}
        ) moves
        where seconds is not null
        group by status order by status`);
      return result.rows.map((row) => ({
        status: n(row.status),
        hours: Math.round(Number(row.hours ?? 0) * 10) / 10,
        moves: n(row.moves),
      }));
    },

    /** Approval rate grouped by bank, product or channel: approved of those decided (approved or rejected). */
    async approvalBy(scope: CaseScope, since: Date, by: 'bank' | 'product' | 'channel') {
      const names = { bank: banks, product: products, channel: channels }[by];
      const column = sql.raw(`pc.${by}_id`);
      const result = await reader.execute<Record<string, string | number>>(sql`
        select ${column} as id, coalesce(min(r.name), '未填') as name,
          (count(*) filter (where pc.approved or pc.rejected))::int as decided,
          (count(*) filter (where pc.approved))::int as approved
        from ${perCase(scope, since)}
        left join ${names} r on r.corp_id = ${scope.corpId} and r.id = ${column}
        where ${column} is not null
        group by ${column}
        order by decided desc, id
        limit 20`);
      return result.rows.map((row) => {
        const decided = n(row.decided);
        const approved = n(row.approved);
        return {
          id: n(row.id),
          name: String(row.name),
          decided,
          approved,
          rate_pct: decided === 0 ? 0 : Math.round((approved / decided) * 1000) / 10,
        };
      });
    },

    /** Each person's numbers over the same cases. */
    async peopleFigures(scope: CaseScope, since: Date) {
      const result = await reader.execute<Record<string, string | number>>(sql`
        select pc.owner_id as staff_id, min(s.name) as name, count(*)::int as intake,
          (count(*) filter (where pc.approved))::int as approved, (count(*) filter (where pc.disbursed))::int as disbursed,
          coalesce(sum(pc.amount_fen) filter (where pc.disbursed), 0) as disbursed_fen
        from ${perCase(scope, since)}
        join ${staff} s on s.id = pc.owner_id
        group by pc.owner_id
        order by disbursed_fen desc, intake desc, staff_id`);
      return result.rows.map((row) => ({
        staff_id: n(row.staff_id),
        name: String(row.name),
        intake: n(row.intake),
        approved: n(row.approved),
        disbursed: n(row.disbursed),
        disbursed_fen: n(row.disbursed_fen),
      }));
    },

    async teamName(corpId: number, teamId: number) {
      const row = await findInCorp(db, teams, { name: teams.name }, corpId, teamId);
      return row?.name ?? '';
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;

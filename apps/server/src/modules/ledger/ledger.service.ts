import type { z } from 'zod';
import {
  RECEIVER_KIND_LABELS,
  type ClawbackItem,
  type CommissionLedger,
  type StatementDetail,
  type StatementItem,
  type StatementLine,
  type clawbackDecideRequestSchema,
  type commissionLedgerRequestSchema,
  type commissionPayRequestSchema,
} from '@crm/domain/api/ledger';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import { maskName } from '@crm/domain/ledger';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { mayActor, requireActor, type Access } from '../access/index.ts';
import type { Principal } from '../auth/index.ts';
import { enqueueReminder } from '../reminders/index.ts';
import type { LedgerRepository, Receiver } from './ledger.repository.ts';
import { LEDGER_TEXTS as T } from './ledger.texts.ts';
import { statementPdf, statementXlsx, type StatementFiles } from './ledger.files.ts';
import { issueDueStatements } from './ledger.statements.ts';

const iso = (d: Date) => d.toISOString();
type Line = Awaited<ReturnType<LedgerRepository['listLines']>>[number];

export interface LedgerServiceDeps {
  repo: LedgerRepository;
  access: Access;
  now: Clock;
  files: StatementFiles;
  publicUrl: string;
}

/** The account a principal holds of its own: a partner's, a channel agent's (a brokerage receiver); staff none. */
export function ownAccount(me: Principal): Receiver | null {
  if (me.kind === 'partner') return { kind: 'partner', id: me.partnerId };
  if (me.kind === 'channel') return { kind: 'receiver', id: me.channelAgentId };
  return null;
}

/** Home-loan finance (job 4) reads every account, decides claw-backs and answers disputes. */
const isFinance = (me: Principal) => me.kind === 'staff' && mayActor(me.staff, 'brokerage.manage');

export function createLedgerService({ repo, access, now, files, publicUrl }: LedgerServiceDeps) {
  const receiversOf = (corpId: number, list: Receiver[]) => repo.receivers(corpId, list);
  const clientsOf = (corpId: number, lines: { dealKind: 'house' | 'case' | null; dealId: number | null }[]) =>
    repo.clientNames(corpId, lines);

  /** The account a call reads: the caller's own, or for finance the one it names. */
  function accountFor(me: Principal, asked: { receiver_kind?: Receiver['kind']; receiver_id?: number }): Receiver {
    const own = ownAccount(me);
    if (own) {
      if (asked.receiver_id !== undefined && (asked.receiver_id !== own.id || asked.receiver_kind !== own.kind))
        throw new ForbiddenError(T.ownOnly);
      return own;
    }
    if (!isFinance(me)) throw new ForbiddenError(T.financeOnly);
    if (asked.receiver_kind === undefined || asked.receiver_id === undefined)
      throw new RefusedError(T.receiverRequired);
    return { kind: asked.receiver_kind, id: asked.receiver_id };
  }

  const toLine = (row: Line, client: string) => ({
    id: row.id,
    kind: row.kind,
    amount_fen: row.amountFen,
    netted_fen: row.nettedFen,
    deal_kind: row.dealKind ?? ('house' as const),
    deal_id: row.dealId ?? 0,
    order_id: row.orderId,
    clawback_id: row.clawbackId,
    client,
    note: row.note,
    created_at: iso(row.createdAt),
  });

  /** Issues last month's statements once the company's statement day has come; a second call adds nothing. */
  const issueDue = (corpId: number) => issueDueStatements(repo, corpId, now());

  /** A statement the caller may see: their own, or any of the company's for finance. */
  async function visibleStatement(me: Principal, id: number) {
    const statement = await repo.findStatement(me.corpId, id);
    if (!statement) throw new NotFoundError(T.statementNotFound);
    const own = ownAccount(me);
    const mine = own !== null && own.kind === statement.receiverKind && own.id === statement.receiverId;
    if (!mine && !isFinance(me)) throw new ForbiddenError(T.statementForbidden);
    return { statement, mine };
  }

  type StatementRow = NonNullable<Awaited<ReturnType<LedgerRepository['findStatement']>>>;
  const toStatementItem = (
    row: Omit<StatementRow, 'lines' | 'corpId'> & { lineCount: number; openDisputes: number },
  ): StatementItem => ({
    id: row.id,
    receiver_kind: row.receiverKind,
    receiver_id: row.receiverId,
    receiver_name: row.receiverName,
    period: row.period,
    opening_fen: row.openingFen,
    credits_fen: row.creditsFen,
    debits_fen: row.debitsFen,
    closing_fen: row.closingFen,
    payable_fen: row.payableFen,
    pay_on: row.payOn,
    issued_at: iso(row.issuedAt),
    line_count: row.lineCount,
    open_disputes: row.openDisputes,
  });

  return {
    issueDue,

    /**
     * The statement sweep (app.ts, with the pool sweep, on the injected clock): every active company whose
     * statement day has come gets last month's statements. Listing still issues them too (the same idempotent
     * call), so a listing between the day's start and the next sweep never shows a month missing.
     */
    async issueAllDue(): Promise<number> {
      let issued = 0;
      for (const corpId of await repo.activeCompanyIds()) issued += await issueDue(corpId);
      return issued;
    },

    async ledger(me: Principal, q: z.output<typeof commissionLedgerRequestSchema>): Promise<CommissionLedger> {
      const account = accountFor(me, q);
      const name = (await receiversOf(me.corpId, [account]))(account)?.name;
      if (name === undefined) throw new NotFoundError(T.receiverNotFound);
      const [rows, balance] = await Promise.all([
        repo.listLines(me.corpId, account, q),
        repo.balance(me.corpId, account),
      ]);
      const client = await clientsOf(me.corpId, rows.slice(0, q.limit));
      // The receiver sees their clients masked; finance, who pays and claws back, by name.
      const shown = ownAccount(me) ? (row: Line) => maskName(client(row)) : client;
      return {
        ...toPage(rows, q.limit, (row) => toLine(row, shown(row))),
        receiver_kind: account.kind,
        receiver_id: account.id,
        receiver_name: name,
        balance_fen: balance,
      };
    },

    async payPartner(me: Principal, q: z.output<typeof commissionPayRequestSchema>) {
      if (me.kind !== 'staff') throw new ForbiddenError(T.financeOnly);
      requireActor(me.staff, 'brokerage.manage');
      const found = (await receiversOf(me.corpId, [{ kind: 'partner', id: q.receiver_id }]))({
        kind: 'partner',
        id: q.receiver_id,
      });
      if (!found) throw new NotFoundError(T.receiverNotFound);
      const paid = await repo.payPartner({
        corpId: me.corpId,
        partnerId: q.receiver_id,
        payRef: q.pay_ref,
        actorId: me.staff.id,
        at: now(),
      });
      return { id: paid.id, paid_fen: paid.paidFen };
    },

    async clawbacks(me: Principal, q: PageRequest & { status: 'pending' | 'approved' | 'rejected' }) {
      if (me.kind !== 'staff') throw new ForbiddenError(T.financeOnly);
      requireActor(me.staff, 'brokerage.manage');
      const rows = await repo.listClawbacks(me.corpId, q.status, q);
      const shown = rows.slice(0, q.limit);
      const [who, client, deciders] = await Promise.all([
        receiversOf(
          me.corpId,
          shown.map((r) => ({ kind: r.receiverKind, id: r.receiverId })),
        ),
        clientsOf(me.corpId, shown),
        repo.staffNames(
          me.corpId,
          shown.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy])),
        ),
      ]);
      return toPage(rows, q.limit, (row): ClawbackItem => ({
        id: row.id,
        receiver_kind: row.receiverKind,
        receiver_id: row.receiverId,
        receiver_name: `${who({ kind: row.receiverKind, id: row.receiverId })?.name ?? ''}（${RECEIVER_KIND_LABELS[row.receiverKind]}）`,
        deal_kind: row.dealKind,
        deal_id: row.dealId,
        order_id: row.orderId,
        client_name: client(row),
        trigger: row.trigger,
        paid_fen: row.paidFen,
        paid_at: iso(row.paidAt),
        amount_fen: row.amountFen,
        status: row.status,
        proposed_by_name: row.proposedByName,
        decided_by_name: row.decidedBy === null ? null : (deciders.get(row.decidedBy) ?? ''),
        remark: row.remark,
        created_at: iso(row.createdAt),
        can_decide: row.status === 'pending' && row.proposedBy !== me.staff.id,
      }));
    },

    /**
     * Finance approves (a reversal line, netted against the receiver's next payout) or rejects a claw-back;
     * never whoever caused it. Exactly one of concurrent decisions goes through.
     */
    async decideClawback(me: Principal, q: z.output<typeof clawbackDecideRequestSchema>) {
      if (me.kind !== 'staff') throw new ForbiddenError(T.financeOnly);
      await access.require(me.staff, 'clawback.approve', q.id);
      const decided = await repo.decideClawback(me.corpId, {
        id: q.id,
        status: q.decision === 'approve' ? 'approved' : 'rejected',
        remark: q.remark,
        actorId: me.staff.id,
        at: now(),
      });
      if (!decided) throw new RefusedError(T.clawbackDecided);
      return { id: decided.id };
    },

    // ---- statements ----------------------------------------------------------------------------------

    async statements(me: Principal, q: PageRequest & { period?: string | undefined }) {
      const own = ownAccount(me);
      if (!own && !isFinance(me)) throw new ForbiddenError(T.financeOnly);
      await issueDue(me.corpId);
      const rows = await repo.listStatements(me.corpId, own, q.period, q);
      return toPage(rows, q.limit, toStatementItem);
    },

    async statement(me: Principal, id: number): Promise<StatementDetail> {
      const { statement, mine } = await visibleStatement(me, id);
      const disputes = await repo.disputes(me.corpId, id);
      const { lines, ...rest } = statement;
      const frozen = lines as StatementLine[];
      return {
        ...toStatementItem({
          ...rest,
          lineCount: frozen.length,
          openDisputes: disputes.filter((d) => d.answeredAt === null).length,
        }),
        lines: frozen,
        disputes: disputes.map((d) => ({
          id: d.id,
          line_id: d.lineId,
          note: d.note,
          answer: d.answer,
          answered_at: d.answeredAt ? iso(d.answeredAt) : null,
          created_at: iso(d.createdAt),
        })),
        can_answer: isFinance(me),
        can_dispute: mine,
      };
    },

    async statementFile(me: Principal, id: number, kind: 'pdf' | 'xlsx') {
      const { statement } = await visibleStatement(me, id);
      const company = await repo.companyName(me.corpId);
      const doc = { ...statement, lines: statement.lines as StatementLine[], company };
      const name = `statement-${statement.period}-${statement.id}.${kind}`;
      return { name, bytes: kind === 'pdf' ? await statementPdf(doc, files) : await statementXlsx(doc) };
    },

    /** A receiver questions one line of their statement; finance answers it. */
    async dispute(me: Principal, q: { id: number; line_id: number; note: string }) {
      const { statement, mine } = await visibleStatement(me, q.id);
      if (!mine) throw new ForbiddenError(T.disputeOwnOnly);
      if (!(statement.lines as StatementLine[]).some((l) => l.id === q.line_id))
        throw new RefusedError(T.lineNotOnStatement);
      const id = await repo.insertDispute({
        corpId: me.corpId,
        statementId: statement.id,
        lineId: q.line_id,
        note: q.note,
        createdAt: now(),
      });
      return { id };
    },

    async answer(me: Principal, q: { id: number; answer: string }) {
      if (!isFinance(me) || me.kind !== 'staff') throw new ForbiddenError(T.answerFinanceOnly);
      const dispute = await repo.findDispute(me.corpId, q.id);
      if (!dispute) throw new NotFoundError(T.disputeNotFound);
      const answered = await repo.answerDispute(me.corpId, q.id, q.answer, me.staff.id, now());
      if (answered === null) throw new RefusedError(T.disputeAnswered);
      return { id: answered };
    },

    /**
     * Finance sends a statement's link by WeCom to the staff member who looks after the receiver (a partner's
     * network owner, a channel's salesperson), who forwards it to them in their WeCom chat.
     */
    async send(me: Principal, id: number) {
      if (!isFinance(me) || me.kind !== 'staff') throw new ForbiddenError(T.answerFinanceOnly);
      const { statement } = await visibleStatement(me, id);
      const receiver = { kind: statement.receiverKind, id: statement.receiverId };
      const contact = (await receiversOf(me.corpId, [receiver]))(receiver);
      const path =
        receiver.kind === 'partner' ? `/outside/statement/${statement.id}` : `/houseloan/statement/${statement.id}`;
      const link = `${publicUrl.replace(/\/+$/, '')}${path}`;
      if (!contact) return { sent: false, link };
      const at = now();
      const sent = await repo.transaction((tx) =>
        enqueueReminder(tx, {
          corpId: me.corpId,
          kind: 'statement-sent',
          eventKey: `${statement.id}:${at.getTime()}`,
          recipientId: contact.staffId,
          card: { ...T.statementCard(statement.receiverName, statement.period), path },
          runAt: at,
          createdAt: at,
        }),
      );
      return { sent: sent !== false, link };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

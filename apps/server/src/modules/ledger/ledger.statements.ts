import type { StatementLine } from '@crm/domain/api/ledger';
import {
  maskName,
  periodBounds,
  periodOf,
  previousPeriod,
  statementDates,
  statementDue,
  statementTotals,
} from '@crm/domain/ledger';
import type { LedgerRepository } from './ledger.repository.ts';
import { LEDGER_TEXTS as T } from './ledger.texts.ts';

const iso = (d: Date) => d.toISOString();

/**
 * Every account with lines up to the end of `period` gets that month's statement, frozen as it stands: the
 * opening balance, the month's lines (clients masked), the totals, what will be paid and when (decision 067).
 * One per account and month: issuing again adds nothing.
 */
export async function issueStatements(repo: LedgerRepository, corpId: number, period: string, at: Date) {
  const { start, end } = periodBounds(period);
  const settings = await repo.settings(corpId);
  const { payOn } = statementDates(period, settings.statementDay);
  const found = await repo.receiversUntil(corpId, end);
  const who = await repo.receivers(corpId, found);
  const rows = [];
  for (const receiver of found) {
    const lines = await repo.linesUntil(corpId, receiver, end);
    const inMonth = lines.filter((l) => l.createdAt >= start);
    const totals = statementTotals(lines, period);
    if (inMonth.length === 0 && totals.openingFen === 0) continue;
    const client = await repo.clientNames(corpId, inMonth);
    const snapshot: StatementLine[] = inMonth.map((l) => ({
      id: l.id,
      kind: l.kind,
      amount_fen: l.amountFen,
      netted_fen: l.nettedFen,
      client: maskName(client(l)),
      deal: l.dealId === null ? '' : l.dealKind === 'house' ? T.houseDeal(l.dealId) : T.caseDeal(l.dealId),
      note: l.note,
      created_at: iso(l.createdAt),
    }));
    rows.push({
      corpId,
      receiverKind: receiver.kind,
      receiverId: receiver.id,
      receiverName: who(receiver)?.name ?? '',
      period,
      ...totals,
      payOn,
      lines: snapshot,
      issuedAt: at,
    });
  }
  return repo.insertStatements(rows);
}

/** Last month's statements, once the company's statement day of this month has come. */
export async function issueDueStatements(repo: LedgerRepository, corpId: number, at: Date) {
  const period = previousPeriod(periodOf(at));
  const settings = await repo.settings(corpId);
  if (!statementDue(period, settings.statementDay, at) || (await repo.hasStatements(corpId, period))) return 0;
  return issueStatements(repo, corpId, period, at);
}

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissionLines } from '../../db/schema/ledger.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { expectBurst } from '../../test/http.ts';
import * as L from '@crm/domain/endpoints/ledger';
import { caller, ledgerWorld, poster, referredCase } from './ledger.test-helpers.ts';

/*
 * One reversal per claw-back under concurrent approvals (decision 067). It proves something only in the
 * PostgreSQL pass (PGlite runs one query at a time; it passes there too): the conditional update lets one
 * decision through, and the one-reversal-per-claw-back index would refuse a second line should a path skip it.
 */
const test = testAppForFile({ now: () => new Date('2026-10-10T02:00:00Z') });
const post = poster(test);
const call = caller(test);

describe('clawbackDecide under concurrent approvals', () => {
  it('makes one reversal of a claw-back approved twenty times at once', async () => {
    const w = await ledgerWorld(test);
    const c = await referredCase(test, w);
    await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 });
    await call(w.cookies.finance, L.commissionPay, { receiver_kind: 'partner', receiver_id: w.partner.id });
    await post(w.cookies.sales, 'updateClientStatus', { id: c.id, status: 9, reason: '撤单' });
    const [item] = (await call(w.cookies.finance, L.clawbackList)).data.list;
    if (!item) throw new Error('no claw-back');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? w.cookies.finance : w.cookies.finance2, L.clawbackDecide, {
          id: item.id,
          decision: 'approve',
          remark: '',
        }),
      ),
    );
    expectBurst(answers, 1, '该追回已处理');
    const reversals = await test.db
      .select()
      .from(commissionLines)
      .where(and(eq(commissionLines.corpId, w.corp.id), eq(commissionLines.kind, 'reversal')));
    expect(reversals).toHaveLength(1);
    expect((await call(w.cookies.partner, L.commissionLedger, {})).data.balance_fen).toBe(-100_000);
  });
});

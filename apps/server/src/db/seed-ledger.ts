import { and, asc, eq } from 'drizzle-orm';
import { periodBounds, periodOf, previousPeriod } from '@crm/domain/ledger';
import type { Clock } from '../clock.ts';
import { createLedgerRepository, issueStatements } from '../modules/ledger/index.ts';
import type { Db, Tx } from './client.ts';
import { houseBrokerageOrders, houseBrokerageUsers, houseClients } from './schema/house.ts';
import { commissionClawbacks, commissionLines } from './schema/ledger.ts';
import { outsidePartners, outsideReferrals } from './schema/outside.ts';
import { companies } from './schema/staff.ts';
import { HOUSE_CLIENTS_PII, sealed, sealerOf } from '../pii/fields.ts';

/*
 * The commission ledger's demo (issue 42, decision 067), in the demo seed's transaction after the home-loan
 * and partner demos: company 1 pays partners 0.5 %; 李经纪 was paid ¥8,000 last month for 李建国's client 邵佳, whose signing
 * then failed, so a claw-back waits for 钱财务 (5); 张伙伴 earned ¥1,000 last month on his converted referral,
 * to be paid on the 10th; 赵磊's orders have their lines. `seedLedgerStatements` issues last month's statements.
 */
export async function seedLedgerDemo(tx: Tx, seededAt: Date, hours: (n: number) => Date): Promise<void> {
  await tx.update(companies).set({ partnerCommissionBp: 50 }).where(eq(companies.id, 1));
  const { start } = periodBounds(previousPeriod(periodOf(seededAt)));
  const lastMonth = (day: number) => new Date(start.getTime() + (day - 1) * 86_400_000 + 2 * 3_600_000);

  const [li] = await tx
    .select({ id: houseBrokerageUsers.id })
    .from(houseBrokerageUsers)
    .where(
      and(
        eq(houseBrokerageUsers.corpId, 1),
        eq(houseBrokerageUsers.phoneBidx, (await sealerOf(tx, 1)).index('phone', '13911110001') ?? ''),
      ),
    );
  if (!li) throw new Error('ledger demo: 李经纪 missing');

  // 邵佳: 1 % of ¥800,000 to 李经纪, paid on the 20th of last month; the bank refused her, and 吴审批 (29)
  // confirmed the failed signing six hours ago: the ¥8,000 is proposed for claw-back.
  const [shao] = await tx
    .insert(houseClients)
    .values(
      await sealed<typeof houseClients.$inferInsert>(tx, HOUSE_CLIENTS_PII, {
        corpId: 1,
        teamId: 1,
        ownerId: 2,
        stewardId: 6,
        stewardStatus: 'handled',
        name: '邵佳',
        phone: '13812346666',
        loanAmountFen: 80_000_000,
        termMonths: 240,
        bank: '中国银行',
        status: 4,
        brokerageRateBp: 100,
        brokerageFen: 800_000,
        brokerageState: 'approved',
        remark: '银行复核征信未通过，签约失败',
        createdAt: lastMonth(3),
      }),
    )
    .returning({ id: houseClients.id });
  if (!shao) throw new Error('ledger demo: 邵佳 not seeded');
  const [order] = await tx
    .insert(houseBrokerageOrders)
    .values({
      corpId: 1,
      houseClientId: shao.id,
      brokerageUserId: li.id,
      amountFen: 800_000,
      rateBp: 100,
      status: 2,
      payRef: 'CMB20261020007',
      createdBy: 2,
      decidedBy: 5,
      decidedAt: lastMonth(20),
      createdAt: lastMonth(12),
    })
    .returning({ id: houseBrokerageOrders.id });
  if (!order) throw new Error('ledger demo: order not seeded');
  const houseLine = { corpId: 1, receiverKind: 'receiver' as const, receiverId: li.id, dealKind: 'house' as const };
  await tx.insert(commissionLines).values([
    {
      ...houseLine,
      dealId: shao.id,
      orderId: order.id,
      kind: 'accrual',
      amountFen: 800_000,
      actorId: 1,
      createdAt: lastMonth(12),
    },
    {
      ...houseLine,
      dealId: shao.id,
      orderId: order.id,
      kind: 'payment',
      amountFen: -800_000,
      note: 'CMB20261020007',
      actorId: 5,
      createdAt: lastMonth(20),
    },
  ]);
  await tx.insert(commissionClawbacks).values({
    corpId: 1,
    receiverKind: 'receiver',
    receiverId: li.id,
    dealKind: 'house',
    dealId: shao.id,
    orderId: order.id,
    trigger: 'house_failed',
    paidFen: 800_000,
    paidAt: lastMonth(20),
    amountFen: 800_000,
    proposedBy: 29,
    createdAt: hours(-6),
  });

  // 赵磊's two orders of the home-loan demo: their accruals, and the payment of the first.
  const zhaoLei = await tx
    .select()
    .from(houseBrokerageOrders)
    .where(and(eq(houseBrokerageOrders.corpId, 1), eq(houseBrokerageOrders.rateBp, 100)))
    .orderBy(asc(houseBrokerageOrders.id));
  for (const o of zhaoLei.filter((row) => row.id !== order.id)) {
    const line = {
      corpId: 1,
      receiverKind: 'receiver' as const,
      receiverId: o.brokerageUserId,
      dealKind: 'house' as const,
    };
    await tx.insert(commissionLines).values({
      ...line,
      dealId: o.houseClientId,
      orderId: o.id,
      kind: 'accrual',
      amountFen: o.amountFen,
      actorId: 1,
      createdAt: hours(-96),
    });
    if (o.status === 2)
      await tx.insert(commissionLines).values({
        ...line,
        dealId: o.houseClientId,
        orderId: o.id,
        kind: 'payment',
        amountFen: -o.amountFen,
        note: o.payRef,
        actorId: 5,
        createdAt: o.decidedAt ?? hours(-72),
      });
  }

  // 张伙伴: his converted referral's case was approved on the 8th of last month: 0.5 % of ¥200,000.
  const [referral] = await tx
    .select({ partnerId: outsideReferrals.partnerId, caseId: outsideReferrals.caseId })
    .from(outsideReferrals)
    .innerJoin(outsidePartners, eq(outsidePartners.id, outsideReferrals.partnerId))
    .where(
      and(
        eq(outsideReferrals.corpId, 1),
        eq(outsidePartners.phoneBidx, (await sealerOf(tx, 1)).index('phone', '13700000101') ?? ''),
        eq(outsideReferrals.status, 2),
      ),
    );
  if (referral?.caseId)
    await tx.insert(commissionLines).values({
      corpId: 1,
      receiverKind: 'partner',
      receiverId: referral.partnerId,
      kind: 'accrual',
      amountFen: 100_000,
      dealKind: 'case',
      dealId: referral.caseId,
      actorId: 3,
      createdAt: lastMonth(8),
    });
}

/** Last month's statements of company 1, issued as on its statement day (after the seed's transaction). */
export async function seedLedgerStatements(db: Db, clock: Clock): Promise<void> {
  const at = clock();
  await issueStatements(createLedgerRepository(db), 1, previousPeriod(periodOf(at)), at);
}

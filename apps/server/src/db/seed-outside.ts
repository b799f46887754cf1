import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { clients } from './schema/cases.ts';
import { outsideChannels, outsideInvites, outsidePartners, outsideReferrals } from './schema/outside.ts';
import { OUTSIDE_CHANNELS_PII, OUTSIDE_PARTNERS_PII, OUTSIDE_REFERRALS_PII, sealRows } from '../pii/fields.ts';

/** The outside-partner demo's people (README: who to log in as at /outside/login). */
export const OUTSIDE_DEMO = {
  /** 王小明's invite code: /outside/register?invite=WXM23456&corp=1 registers a partner of his network. */
  staffInvite: 'WXM23456',
  approved: { name: '张伙伴', phone: '13700000101' },
  waiting: { name: '赵伙伴', phone: '13700000102' },
  sub: { name: '孙伙伴', phone: '13700000103' },
} as const;

/**
 * The outside-partner demo (issue 11), inside the demo seed's transaction: in 王小明's network an approved
 * partner with a sub-partner, a channel and referrals in every state (protected, ending in three days,
 * released, converted into one of 王小明's cases), and a partner waiting for his approval.
 */
export async function seedOutsideDemo(tx: Tx, hours: (n: number) => Date): Promise<void> {
  await tx.insert(outsideInvites).values({ code: OUTSIDE_DEMO.staffInvite, corpId: 1, staffId: 1 });
  const [approved] = await tx
    .insert(outsidePartners)
    .values(
      await sealRows(tx, OUTSIDE_PARTNERS_PII, [
        { corpId: 1, staffId: 1, ...OUTSIDE_DEMO.approved, status: 1, decidedBy: 1, decidedAt: hours(-24 * 20) },
      ]),
    )
    .returning({ id: outsidePartners.id });
  if (!approved) throw new Error('demo partner not created');
  const [, sub] = await tx
    .insert(outsidePartners)
    .values(
      await sealRows(tx, OUTSIDE_PARTNERS_PII, [
        { corpId: 1, staffId: 1, ...OUTSIDE_DEMO.waiting, status: 0 },
        { corpId: 1, staffId: 1, parentId: approved.id, ...OUTSIDE_DEMO.sub, status: 1, decidedBy: 1 },
      ]),
    )
    .returning({ id: outsidePartners.id });
  const [channel] = await tx
    .insert(outsideChannels)
    .values(
      await sealRows(tx, OUTSIDE_CHANNELS_PII, [
        { corpId: 1, partnerId: approved.id, name: '城东门店', contact: '小王', phone: '13700000111' },
      ]),
    )
    .returning({ id: outsideChannels.id });
  // The converted referral follows one of 王小明's demo cases: the partner sees its status move.
  const [converted] = await tx
    .select({ id: clients.id, name: clients.name, phone: clients.phone, idNumber: clients.idNumber })
    .from(clients)
    .where(and(eq(clients.corpId, 1), eq(clients.ownerId, 1)))
    .orderBy(asc(clients.id))
    .limit(1);
  const days = (n: number) => hours(24 * n);
  const referrals: (typeof outsideReferrals.$inferInsert)[] = [
    {
      corpId: 1,
      partnerId: approved.id,
      name: '郑客户',
      phone: '13600001001',
      idNumber: '110101199003074477',
      amountFen: 12_000_000,
      remarks: '有房产，想做经营贷',
      channelId: channel?.id ?? null,
      protectedUntil: days(27),
      createdAt: days(-3),
    },
    {
      corpId: 1,
      partnerId: approved.id,
      name: '冯客户',
      phone: '13600001002',
      idNumber: '320102198805151236',
      amountFen: 5_000_000,
      protectedUntil: days(3),
      createdAt: days(-27),
    },
    {
      corpId: 1,
      partnerId: approved.id,
      name: '陈客户',
      phone: '13600001003',
      idNumber: '440304199208082346',
      amountFen: 3_000_000,
      status: 3,
      protectedUntil: days(-5),
      releasedAt: days(-5),
      createdAt: days(-35),
    },
    ...(converted
      ? [
          {
            corpId: 1,
            partnerId: approved.id,
            name: converted.name,
            phone: converted.phone,
            idNumber: converted.idNumber,
            amountFen: 8_000_000,
            status: 2,
            caseId: converted.id,
            convertedBy: 1,
            convertedAt: days(-10),
            protectedUntil: days(15),
            createdAt: days(-15),
          },
        ]
      : []),
    ...(sub
      ? [
          {
            corpId: 1,
            partnerId: sub.id,
            name: '楚客户',
            phone: '13600001004',
            idNumber: '330106199501013450',
            amountFen: 2_000_000,
            protectedUntil: days(20),
            createdAt: days(-10),
          },
        ]
      : []),
  ];
  await tx.insert(outsideReferrals).values(await sealRows(tx, OUTSIDE_REFERRALS_PII, referrals));
}

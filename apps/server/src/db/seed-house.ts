import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import {
  houseAuditEvents,
  houseAudits,
  houseBrokerageOrders,
  houseBrokerageUsers,
  houseChannels,
  houseRecommends,
} from './schema/house.ts';
import { houseClients } from './schema/house.ts';
import { signTasks } from './schema/sign.ts';
import {
  HOUSE_BROKERAGE_USERS_PII,
  HOUSE_CHANNELS_PII,
  HOUSE_CLIENTS_PII,
  HOUSE_RECOMMENDS_PII,
  sealed,
} from '../pii/fields.ts';

/**
 * The home-loan demo (issue 5), inside the demo seed's transaction: channels and their agents, clients
 * at every step (new, waiting on the steward, in signing, with paid brokerage, with an over-limit
 * brokerage waiting for finance), and a signing task at the bank. Amounts in fen.
 */
export async function seedHouseDemo(tx: Tx, hours: (n: number) => Date): Promise<void> {
  const channels = await tx
    .insert(houseChannels)
    .values(
      await sealed(tx, HOUSE_CHANNELS_PII, [
        {
          corpId: 1,
          ownerId: 1,
          name: '链家静安寺店',
          contact: '周经理',
          phone: '13901010101',
          remark: '静安区二手房为主',
        },
        { corpId: 1, ownerId: 1, name: '中原地产徐汇店', contact: '吴店长', phone: '13902020202' },
        { corpId: 1, ownerId: 2, name: '我爱我家浦东店', contact: '郑经理', phone: '13903030303' },
        { corpId: 2, ownerId: 101, name: '江南另司渠道', contact: '钱经理', phone: '13904040404' },
      ]),
    )
    .returning({ id: houseChannels.id });
  const [ch1, ch2, ch3, ch4] = channels.map((row) => row.id) as [number, number, number, number];
  // A channel staff stopped: its agent 吴经纪 cannot log in to /houseloan (decision 052).
  const [stopped] = await tx
    .insert(houseChannels)
    .values(
      await sealed(tx, HOUSE_CHANNELS_PII, {
        corpId: 1,
        ownerId: 2,
        name: '满堂红东门店',
        contact: '冯店长',
        phone: '13905050505',
        remark: '合作暂停',
        disabledAt: hours(-240),
      }),
    )
    .returning({ id: houseChannels.id });

  const receivers = await tx
    .insert(houseBrokerageUsers)
    .values(
      await sealed(tx, HOUSE_BROKERAGE_USERS_PII, [
        {
          corpId: 1,
          ownerId: 1,
          channelId: ch1,
          name: '李经纪',
          phone: '13911110001',
          bankName: '招商银行',
          bankCard: '6225880211110001',
        },
        {
          corpId: 1,
          ownerId: 1,
          channelId: ch1,
          name: '周经纪',
          phone: '13911110002',
          bankName: '工商银行',
          bankCard: '6222020211110002',
        },
        {
          corpId: 1,
          ownerId: 2,
          channelId: ch3,
          name: '王经纪',
          phone: '13911110003',
          bankName: '建设银行',
          bankCard: '6217000211110003',
        },
        {
          corpId: 1,
          ownerId: 2,
          channelId: stopped?.id ?? null,
          name: '吴经纪',
          phone: '13911110004',
          bankName: '农业银行',
          bankCard: '6228480211110004',
        },
      ]),
    )
    .returning({ id: houseBrokerageUsers.id });
  const [r1, r2] = receivers.map((row) => row.id) as [number, number, number, number];

  // Company 1's clients all sit in team 1 with 孙管家 (staff 6) as their steward.
  const stewarded = { corpId: 1, teamId: 1, stewardId: 6 };
  const rows = await tx
    .insert(houseClients)
    .values(
      await sealed<typeof houseClients.$inferInsert>(tx, HOUSE_CLIENTS_PII, [
        {
          ...stewarded,
          ownerId: 1,
          channelId: ch1,
          source: 'channel',
          name: '沈家豪',
          phone: '13812341234',
          loanAmountFen: 150_000_000,
          termMonths: 240,
          bank: '工商银行',
        },
        {
          ...stewarded,
          ownerId: 2,
          channelId: ch3,
          source: 'channel',
          name: '韩雪',
          phone: '13812344321',
          stewardStatus: 'handled',
          status: 2,
          loanAmountFen: 220_000_000,
          termMonths: 300,
          bank: '建设银行',
        },
        {
          ...stewarded,
          ownerId: 1,
          channelId: ch2,
          source: 'channel',
          name: '马俊',
          phone: '13812345555',
          loanAmountFen: 80_000_000,
          termMonths: 120,
          bank: '招商银行',
        },
        {
          ...stewarded,
          ownerId: 1,
          channelId: ch1,
          source: 'channel',
          name: '赵磊',
          phone: '13812346666',
          stewardStatus: 'handled',
          status: 3,
          loanAmountFen: 120_000_000,
          termMonths: 360,
          bank: '中国银行',
          brokerageRateBp: 100,
          brokerageFen: 1_200_000,
          brokerageState: 'approved',
        },
        {
          ...stewarded,
          ownerId: 1,
          channelId: ch1,
          source: 'channel',
          name: '钱多多',
          phone: '13812347777',
          stewardStatus: 'handled',
          status: 3,
          loanAmountFen: 300_000_000,
          termMonths: 360,
          bank: '交通银行',
          brokerageRateBp: 200,
          brokerageFen: 6_000_000,
          brokerageState: 'pending_audit',
        },
        {
          ...stewarded,
          ownerId: 2,
          name: '孙丽',
          phone: '13812348888',
          stewardStatus: 'handled',
          product: 'card',
          loanAmountFen: 20_000_000,
          termMonths: 36,
          bank: '浦发银行',
        },
        {
          ...stewarded,
          ownerId: 2,
          source: 'official',
          name: '朱明',
          phone: '13812349999',
          stewardStatus: 'handled',
          loanAmountFen: 60_000_000,
          termMonths: 180,
          bank: '农业银行',
        },
        {
          corpId: 2,
          ownerId: 101,
          teamId: 4,
          channelId: ch4,
          source: 'channel',
          name: '另司房贷客户',
          phone: '13812340000',
          loanAmountFen: 50_000_000,
          termMonths: 120,
          bank: '工商银行',
        },
      ]),
    )
    .returning({ id: houseClients.id });
  const [, hanXue, maJun, zhaoLei, qianDuoduo] = rows.map<number>((row) => row.id);
  if (hanXue === undefined || maJun === undefined || zhaoLei === undefined || qianDuoduo === undefined)
    throw new Error('house demo not seeded');

  // 李经纪 (13911110001, an agent of 链家静安寺店) referred 沈家豪, 赵磊 and 钱多多 through /houseloan; the two
  // signed this month rank the channel first on the best list. 冯晓 waits for a steward to take her (allot).
  const [shenJiahao] = rows.map<number>((row) => row.id);
  for (const id of [shenJiahao, zhaoLei, qianDuoduo])
    if (id !== undefined) await tx.update(houseClients).set({ channelAgentId: r1 }).where(eq(houseClients.id, id));
  for (const id of [zhaoLei, qianDuoduo])
    await tx
      .update(houseClients)
      .set({ signedAt: hours(-20) })
      .where(eq(houseClients.id, id));
  await tx.insert(houseClients).values(
    await sealed<typeof houseClients.$inferInsert>(tx, HOUSE_CLIENTS_PII, {
      corpId: 1,
      teamId: 1,
      ownerId: 1,
      channelId: ch1,
      channelAgentId: r1,
      source: 'channel',
      name: '冯晓',
      phone: '13812341111',
      loanAmountFen: 80_000_000,
      termMonths: 240,
      bank: '招商银行',
      remark: '首套改善，周末可面签',
    }),
  );

  // 马俊 was referred by 赵磊: the referral chain of the detail page.
  await tx.update(houseClients).set({ referrerId: zhaoLei }).where(eq(houseClients.id, maJun));

  // 赵磊: 1 % of ¥1,200,000 = ¥12,000, split 7:5 between the two agents; the first part already paid.
  await tx.insert(houseBrokerageOrders).values([
    {
      corpId: 1,
      houseClientId: zhaoLei,
      brokerageUserId: r1,
      amountFen: 700_000,
      rateBp: 100,
      status: 2,
      payRef: 'CMB20261115001',
      createdBy: 1,
      decidedBy: 5,
      decidedAt: hours(-72),
    },
    { corpId: 1, houseClientId: zhaoLei, brokerageUserId: r2, amountFen: 500_000, rateBp: 100, createdBy: 1 },
  ]);

  // 钱多多: 2 % (above the 1.5 % limit) waits for finance; staff 1 asked, so staff 5 may decide.
  const [audit] = await tx
    .insert(houseAudits)
    .values({
      corpId: 1,
      houseClientId: qianDuoduo,
      requestedBy: 1,
      rateBp: 200,
      amountFen: 6_000_000,
      receiverIds: [r1],
      shares: [1],
    })
    .returning({ id: houseAudits.id });
  if (!audit) throw new Error('house demo audit not seeded');
  await tx
    .insert(houseAuditEvents)
    .values({ corpId: 1, auditId: audit.id, actorId: 1, decision: 'requested', createdAt: hours(-5) });

  await tx.insert(houseRecommends).values(
    await sealed(tx, HOUSE_RECOMMENDS_PII, [
      {
        corpId: 1,
        staffId: 1,
        channelId: ch1,
        name: '陶晓峰',
        phone: '13813130001',
        intentAmountFen: 100_000_000,
        remark: '想做经营贷置换',
      },
      { corpId: 1, staffId: 1, name: '许婷', phone: '13813130002', intentAmountFen: 50_000_000, remark: '首套房' },
    ]),
  );

  // 韩雪 is at the bank: an open signing task of the home-loan docking.
  await tx.insert(signTasks).values({
    corpId: 1,
    houseClientId: hanXue,
    appointmentAt: hours(48),
    place: '建设银行浦东分行营业部',
    createdBy: 6,
  });
}

import { systemClock, type Clock } from '../clock.ts';
import { idCheckChar } from '@crm/domain/idcard';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { companies, notices, staff, staffGrants, teams } from './schema/staff.ts';

import { moneyRecords } from './schema/money.ts';
import {
  appeals,
  banks,
  caseEvents,
  channels,
  cities,
  clients,
  followUps,
  products,
  serviceRequests,
  sources,
} from './schema/cases.ts';
import { signTasks } from './schema/sign.ts';
import { seedExamDemo } from './seed-exam.ts';
import { seedHouseDemo } from './seed-house.ts';
import { seedOutsideDemo } from './seed-outside.ts';
import { seedLedgerDemo, seedLedgerStatements } from './seed-ledger.ts';
import { seedFaqDemo } from './seed-faq.ts';
import { seedEsignTemplates } from './seed-esign.ts';
import { seedConsentDemo } from './seed-consent.ts';
import { seedPactFairDemo } from './seed-pact-fair.ts';
import { seedChatterDemo } from './seed-chatter.ts';
import { seedScrmDemo } from './seed-scrm.ts';
import { seedContactWaysDemo } from './seed-contactways.ts';
import { seedActivityDemo } from './seed-activity.ts';
import { seedRemindersDemo } from './seed-reminders.ts';
import { seedMatchingDemo } from './seed-matching.ts';
import { seedOwnershipDemo } from './seed-ownership.ts';
import { seedHandoverDemo } from './seed-handover.ts';
import { seedRetentionDemo } from './seed-retention.ts';
import { sealClients, sealRows, STAFF_PII } from '../pii/fields.ts';

/**
 * Demo staff, one per role of spec §6. The spec's special people are data, not ids (decision 040):
 * 29 holds company 1's grant to approve signing rejections (DEMO_GRANTS) and 42 and 43 are women, so the
 * signing leader's home page shows them with the female icon; ids stay fixed so the README and the
 * journeys can name them. The README lists these people; keep the two in step.
 */
export const DEMO_STAFF = [
  { id: 1, corpId: 1, teamId: 1, name: '王小明', phone: '13800000001', jobs: [], isLeader: false, role: '业务员' },
  { id: 2, corpId: 1, teamId: 1, name: '李建国', phone: '13800000002', jobs: [], isLeader: true, role: '团队长' },
  {
    id: 3,
    corpId: 1,
    teamId: 2,
    name: '张签约',
    phone: '13800000003',
    jobs: [2],
    isLeader: true,
    role: '签约中心（岗位 2，组长）',
  },
  {
    id: 4,
    corpId: 1,
    teamId: 1,
    name: '赵客服',
    phone: '13800000004',
    jobs: [3],
    isLeader: false,
    role: '客服协助（岗位 3）',
  },
  {
    id: 5,
    corpId: 1,
    teamId: 3,
    name: '钱财务',
    phone: '13800000005',
    jobs: [4],
    isLeader: true,
    role: '房贷财务（岗位 4，组长）',
  },
  {
    id: 6,
    corpId: 1,
    teamId: 3,
    name: '孙管家',
    phone: '13800000006',
    jobs: [5],
    isLeader: false,
    role: '房贷管家（岗位 5）',
  },
  {
    id: 7,
    corpId: 1,
    teamId: 3,
    name: '周返佣',
    phone: '13800000007',
    jobs: [6],
    isLeader: false,
    role: '仅返佣（岗位 6）',
  },
  {
    id: 29,
    corpId: 1,
    teamId: 2,
    name: '吴审批',
    phone: '13800000029',
    jobs: [2],
    isLeader: false,
    role: '驳回审批（拒签审批授权，岗位 2）',
    sex: 1,
  },
  {
    id: 42,
    corpId: 1,
    teamId: 2,
    name: '郑丽',
    phone: '13800000042',
    jobs: [2],
    isLeader: false,
    role: '签约员',
    sex: 2,
  },
  {
    id: 43,
    corpId: 1,
    teamId: 2,
    name: '冯芳',
    phone: '13800000043',
    jobs: [2],
    isLeader: false,
    role: '签约员',
    sex: 2,
  },
  {
    id: 44,
    corpId: 1,
    teamId: 2,
    name: '陈刚',
    phone: '13800000044',
    jobs: [2],
    isLeader: false,
    role: '签约员',
    sex: 1,
  },
  // The back office (decision 057): the company's admin, and the operator's super-admin of every company.
  {
    id: 50,
    corpId: 1,
    teamId: null,
    name: '何管理',
    phone: '13800000050',
    jobs: [],
    isLeader: false,
    role: '公司管理员（后台管理）',
  },
  {
    id: 51,
    corpId: 1,
    teamId: null,
    name: '平台运营',
    phone: '13800000051',
    jobs: [],
    isLeader: false,
    role: '平台超级管理员（管理各公司）',
  },
  // The second company shares a phone number with the first on purpose: isolation is by company.
  {
    id: 101,
    corpId: 2,
    teamId: 4,
    name: '刘另司',
    phone: '13800000001',
    jobs: [],
    isLeader: false,
    role: '另一公司业务员',
  },
  {
    id: 102,
    corpId: 2,
    teamId: 4,
    name: '陈另司',
    phone: '13800000102',
    jobs: [2, 3, 4, 5],
    isLeader: true,
    role: '另一公司组长（拒签审批授权）',
  },
] as const;

/** Who approves signing rejections, per company: each company grants its own approver. */
export const DEMO_GRANTS = [
  { corpId: 1, staffId: 29, permission: 'sign.reject.approve' },
  { corpId: 2, staffId: 102, permission: 'sign.reject.approve' },
  { corpId: 1, staffId: 50, permission: 'company.admin' },
  { corpId: 1, staffId: 51, permission: 'platform.admin' },
  { corpId: 2, staffId: 102, permission: 'company.admin' },
] as const;

/**
 * Issue 4's demo team: a salesperson and a leader whose phones no other journey logs in with (the SMS
 * limit is per phone), and a case with a fixed id the money journey opens.
 */
export const MONEY_DEMO = {
  teamId: 5,
  salesperson: { id: 8, corpId: 1, teamId: 5, name: '周业务', phone: '13800000008', jobs: [], isLeader: false },
  leader: { id: 9, corpId: 1, teamId: 5, name: '吴组长', phone: '13800000009', jobs: [], isLeader: true },
  caseId: 900,
} as const;

// The seed's dates are relative to the moment it runs, read once from the injected clock.
let seededAt = systemClock();
const hours = (n: number) => new Date(seededAt.getTime() + n * 3_600_000);

/** The first event of every case's timeline: its owner took it in (status 1) when the case was created. */
const intakeEvent = (row: { id: number; corpId: number; ownerId: number; createdAt: Date }) => ({
  corpId: row.corpId,
  clientId: row.id,
  staffId: row.ownerId,
  kind: 'created' as const,
  fromStatus: null,
  toStatus: 1,
  createdAt: row.createdAt,
});

/** Seeds the demo companies once: a database with any company in it is left alone. */
export async function seedDemo(db: Db, clock: Clock = systemClock): Promise<boolean> {
  seededAt = clock();
  // Every seed makes the same ID numbers: a process that seeds many databases (the tests) must not run past
  // the 3-digit serial an ID number has room for.
  demoSerial = DEMO_SERIAL_START;
  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(companies).values([
      { id: 1, name: '沪融信息服务（演示）' },
      { id: 2, name: '江南金服（演示）' },
    ]);
    await tx.insert(teams).values([...named(1, 1, ['销售一组', '签约组', '房贷组']), ...named(2, 4, ['销售部'])]);
    await tx.insert(staff).values(
      await sealRows(
        tx,
        STAFF_PII,
        DEMO_STAFF.map(({ role: _role, ...person }) => ({ ...person, jobs: [...person.jobs] })),
      ),
    );
    await tx.insert(staffGrants).values([...DEMO_GRANTS]);
    await tx.insert(notices).values([
      { corpId: 1, status: 'info', text: '本月起放款资料请于每周五前提交至签约中心。' },
      { corpId: 2, status: 'warning', text: '江南金服内部通知（演示）' },
    ]);

    await seedReferenceData(tx);
    const caseRows = await tx
      .insert(clients)
      .values(
        await sealClients(tx, [
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '陈美玲',
              phone: '13912345678',
              status: 1,
              amountFen: 8_000_000,
              termMonths: 36,
            },
            0,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '黄志强',
              phone: '13712345679',
              status: 3,
              amountFen: 15_000_000,
              termMonths: 60,
            },
            3,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '林晓东',
              phone: '13612345670',
              status: 6,
              amountFen: 5_000_000,
              termMonths: 24,
              rejectReason: 1,
              rejectNote: '负债率超过 70%',
            },
            10,
          ),
          demoCase(
            1,
            {
              ownerId: 2,
              teamId: 1,
              name: '吴海燕',
              phone: '13512345671',
              status: 5,
              amountFen: 20_000_000,
              termMonths: 48,
            },
            20,
          ),
          demoCase(
            2,
            {
              ownerId: 101,
              teamId: 4,
              name: '郭另客',
              phone: '13412345672',
              status: 1,
              amountFen: 3_000_000,
              termMonths: 12,
            },
            1,
          ),
          // History for the statistics pages: disbursed, returned and failed cases over the last months.
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '周建华',
              phone: '13612340001',
              status: 8,
              // On the card instalment product (a monthly fee): its agreement shows a fee's true annual rate.
              productId: 2,
              amountFen: 12_000_000,
              termMonths: 36,
            },
            35,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '郑秀英',
              phone: '13612340002',
              status: 8,
              amountFen: 6_000_000,
              termMonths: 24,
            },
            70,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '孙志刚',
              phone: '13612340003',
              status: 2,
              amountFen: 4_000_000,
              termMonths: 18,
              rejectReason: 10,
              rejectNote: '缺少收入证明',
            },
            5,
          ),
          demoCase(
            1,
            {
              ownerId: 2,
              teamId: 1,
              name: '马丽娟',
              phone: '13612340004',
              status: 8,
              amountFen: 30_000_000,
              termMonths: 60,
            },
            100,
          ),
          demoCase(
            1,
            {
              ownerId: 2,
              teamId: 1,
              name: '朱国庆',
              phone: '13612340005',
              status: 9,
              amountFen: 7_000_000,
              termMonths: 36,
              rejectNote: '客户取消',
            },
            130,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '胡春梅',
              phone: '13612340006',
              status: 7,
              amountFen: 25_000_000,
              termMonths: 48,
            },
            45,
          ),
          demoCase(
            1,
            {
              ownerId: 2,
              teamId: 1,
              name: '高建军',
              phone: '13612340007',
              status: 4,
              amountFen: 9_000_000,
              termMonths: 36,
            },
            8,
          ),
        ]),
      )
      .returning({
        id: clients.id,
        status: clients.status,
        ownerId: clients.ownerId,
        corpId: clients.corpId,
        createdAt: clients.createdAt,
      });
    const [c1, c2, c3, c4, c5] = caseRows.map((row) => row.id) as [number, number, number, number, number];
    // Every case's timeline starts with its intake; the demo cases past signing show the path they took.
    await tx.insert(caseEvents).values(
      caseRows.flatMap((row) => [
        intakeEvent(row),
        ...(DEMO_PATHS[row.status] ?? []).map(([from, to], step) => ({
          corpId: row.corpId,
          clientId: row.id,
          staffId: row.corpId === 1 ? 3 : 102,
          kind: 'status' as const,
          fromStatus: from,
          toStatus: to,
          reason: to === 6 ? '#1 负债率超过 70%' : to === 2 ? '#10 缺少收入证明' : to === 9 ? '客户取消' : '',
          createdAt: new Date(row.createdAt.getTime() + (step + 1) * 86_400_000),
        })),
      ]),
    );

    await tx.insert(followUps).values([
      { corpId: 1, clientId: c1, staffId: 1, note: '客户需补充收入证明', nextContactAt: hours(-2) },
      { corpId: 1, clientId: c2, staffId: 1, note: '确认审批进度', nextContactAt: hours(-1) },
      // An earlier, finished step of case 1: one open follow-up per person and case (follow_ups_one_open).
      { corpId: 1, clientId: c1, staffId: 1, note: '首次联系客户', nextContactAt: hours(-26), doneAt: hours(-3) },
      { corpId: 2, clientId: c5, staffId: 101, note: '另一公司的跟进', nextContactAt: hours(-1) },
    ]);
    await tx.insert(serviceRequests).values([{ corpId: 1, clientId: c2 }]);
    await tx
      .insert(appeals)
      .values([{ corpId: 1, clientId: c3, staffId: 1, teamId: 1, reason: '客户征信已修复，申请复核' }]);
    // A signing task lives only while its case is 签约中 (a case leaving signing withdraws it): the centre's
    // demo tasks are about cases waiting to be signed, one offered to 郑丽 (42) on the case form.
    const waiting = await tx
      .insert(clients)
      .values(
        await sealClients(tx, [
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '韩梅',
              phone: '13612340001',
              status: 1,
              signUserId: 42,
              amountFen: 6_000_000,
              termMonths: 24,
            },
            1,
          ),
          demoCase(
            1,
            {
              ownerId: 2,
              teamId: 1,
              name: '赵子昂',
              phone: '13612340002',
              status: 1,
              amountFen: 9_000_000,
              termMonths: 36,
            },
            2,
          ),
          demoCase(
            1,
            {
              ownerId: 1,
              teamId: 1,
              name: '钱小红',
              phone: '13612340003',
              status: 1,
              amountFen: 3_000_000,
              termMonths: 12,
            },
            4,
          ),
        ]),
      )
      .returning({ id: clients.id, corpId: clients.corpId, ownerId: clients.ownerId, createdAt: clients.createdAt });
    await tx.insert(caseEvents).values(waiting.map(intakeEvent));
    const [han, zhao, qian] = waiting.map((row) => row.id) as [number, number, number];
    // The signing centre worked every case past signing (the status moves above are 张签约's, or 陈另司's in
    // company 2): each holds that signer's finished task, through which the signer reads it (decision 065).
    const signedBy = (corpId: number) => (corpId === 1 ? 3 : 102);
    const finished = caseRows.filter((row) => row.status !== 1);
    await tx.insert(signTasks).values(
      finished.map((row) => ({
        corpId: row.corpId,
        clientId: row.id,
        signerId: signedBy(row.corpId),
        status: row.status === 2 ? ('reject_approved' as const) : ('signed' as const),
        takenAt: row.createdAt,
        finishedAt: new Date(row.createdAt.getTime() + 86_400_000),
        createdAt: row.createdAt,
      })),
    );
    await tx.insert(signTasks).values([
      { corpId: 1, clientId: c1 },
      { corpId: 1, clientId: han, proposedSignerId: 42 },
      { corpId: 1, clientId: zhao, signerId: 42, status: 'taken' },
      { corpId: 1, clientId: qian, signerId: 43, status: 'rejected', outcomeNote: '客户证件已过期' },
      { corpId: 2, clientId: c5 },
    ]);
    await seedExamDemo(tx, hours);
    await seedHouseDemo(tx, hours);
    await seedOutsideDemo(tx, hours);
    await seedLedgerDemo(tx, seededAt, hours);

    await tx.insert(teams).values({ id: MONEY_DEMO.teamId, corpId: 1, name: '销售二组' });
    await tx.insert(staff).values(
      await sealRows(
        tx,
        STAFF_PII,
        [MONEY_DEMO.salesperson, MONEY_DEMO.leader].map((person) => ({ ...person, jobs: [...person.jobs] })),
      ),
    );
    // A case as complete as the others (ID number, bank card, amount, product …), since the money journey shows it.
    await tx.insert(clients).values(
      await sealClients(
        tx,
        demoCase(
          1,
          {
            id: MONEY_DEMO.caseId,
            ownerId: 8,
            teamId: MONEY_DEMO.teamId,
            name: '何晓峰',
            phone: '13712340900',
            status: 5,
            amountFen: 20_000_000,
            termMonths: 36,
          },
          20,
        ),
      ),
    );
    await tx.insert(signTasks).values({
      corpId: 1,
      clientId: MONEY_DEMO.caseId,
      signerId: 3,
      status: 'signed',
      createdAt: hours(-24 * 20),
    });

    // Repayments (issue 4): one confirmed by the team leader, one waiting for him, one in the other company.
    // A row: company, case, amount (fen), paid on, method, card's last 4, note, entered by, confirmed by (the
    // day after entry; null: waiting), entered days ago.
    type Repayment = [number, number, number, string, number, string | null, string, number, number | null, number];
    const repayments: Repayment[] = [
      [1, c1, 500_000, '2026-10-15', 2, '7894', '首期还款', 1, 2, 31],
      [1, c1, 128_050, '2026-11-15', 3, null, '现金还款，附收据', 1, null, 5],
      [1, c4, 300_000, '2026-11-10', 1, '1111', '', 2, null, 10],
      [2, c5, 99_900, '2026-11-01', 4, null, '', 101, null, 0],
      [1, MONEY_DEMO.caseId, 500_000, '2026-10-20', 2, '6688', '首期还款', 8, 9, 26],
    ];
    await tx.insert(moneyRecords).values(
      repayments.map(
        ([corpId, clientId, amountFen, paidOn, method, cardLast4, note, createdBy, confirmedBy, daysAgo], i) => ({
          corpId,
          clientId,
          amountFen,
          paidOn,
          method,
          cardLast4,
          note,
          createdBy,
          ...(confirmedBy === null
            ? {}
            : { status: 'confirmed' as const, confirmedBy, confirmedAt: hours(-24 * (daysAgo - 1)) }),
          idempotencyKey: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          createdAt: hours(-24 * daysAgo),
        }),
      ),
    );

    await seedMatchingDemo(tx);
    await seedPactFairDemo(tx, hours);
    await seedActivityDemo(tx, hours);
    await seedEsignTemplates(tx);
    await seedRemindersDemo(tx, hours);
    await seedOwnershipDemo(tx, hours);
    await seedHandoverDemo(tx, hours);
    await seedRetentionDemo(tx, hours);
    // Last: consent for every case seeded above but the one the consent demo waits on (decision 073).
    await seedConsentDemo(tx, hours);

    // Explicit ids above (staff 29, case 900 …) leave the identity sequences behind; move each past the demo
    // range and past its largest id, or a later insert would collide with a seeded row.
    for (const table of ['companies', 'teams', 'staff', 'banks', 'channels', 'sources', 'products', 'clients']) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1000))`,
        ),
      );
    }
    return true;
  });
  // The FAQ (issue 14) goes in through the FAQ module's own import, in its own transaction.
  if (seeded) await seedFaqDemo(db, clock);
  // The WeCom sidebar's points go in through the ledger's own code (decision 055).
  if (seeded) await seedChatterDemo(db, clock);
  // The approved scripts and group sends (decision 080), on the sidebar's customer files.
  if (seeded) await seedScrmDemo(db, clock);
  // 渠道活码's QRs and the customers tagged by them (decision 083).
  if (seeded) await seedContactWaysDemo(db, clock);
  // Last month's commission statements, issued through the ledger's own code (decision 067).
  if (seeded) await seedLedgerStatements(db, clock);
  return seeded;
}

/** The status moves a demo case in status N went through (docs/decisions/006). */
const DEMO_PATHS: Record<number, Array<[number, number]>> = {
  1: [],
  2: [[1, 2]],
  3: [[1, 3]],
  4: [
    [1, 3],
    [3, 4],
  ],
  5: [
    [1, 3],
    [3, 5],
  ],
  6: [
    [1, 3],
    [3, 6],
  ],
  7: [
    [1, 3],
    [3, 5],
    [5, 7],
  ],
  8: [
    [1, 3],
    [3, 5],
    [5, 8],
  ],
  9: [
    [1, 3],
    [3, 5],
    [5, 9],
  ],
};

const DEMO_SERIAL_START = 100;
let demoSerial = DEMO_SERIAL_START;
/** A demo case with a valid (made-up) ID number and the loan fields filled, created `daysAgo`. */
function demoCase(
  corpId: number,
  fields: Omit<typeof clients.$inferInsert, 'corpId' | 'idNumber'>,
  daysAgo: number,
): typeof clients.$inferInsert {
  demoSerial += 7;
  const first17 = `3101041985${String(1 + (demoSerial % 12)).padStart(2, '0')}${String(1 + (demoSerial % 28)).padStart(2, '0')}${demoSerial}`;
  const sex = Number(first17[16]) % 2 === 1 ? 1 : 2;
  const createdAt = new Date(seededAt.getTime() - daysAgo * 86_400_000);
  return {
    corpId,
    idNumber: first17 + idCheckChar(first17),
    birthDate: `1985-${first17.slice(10, 12)}-${first17.slice(12, 14)}`,
    sex,
    bankCard: `62220210${String(10_000_000 + demoSerial)}`,
    purpose: 1 + (demoSerial % 6),
    bankId: corpId === 1 ? 1 : 20,
    productId: corpId === 1 ? 1 : 20,
    channelId: corpId === 1 ? 1 : 20,
    sourceId: corpId === 1 ? 1 : 20,
    cityId: 310100,
    region: 1,
    marital: 1 + (demoSerial % 3),
    education: 3,
    occupation: 1,
    employerType: 2,
    incomeFen: 1_500_000,
    remarks: '',
    createdAt,
    updatedAt: createdAt,
    ...fields,
  };
}

/** Rows of one company known by name alone, numbered from `firstId` (the demo's ids are fixed: tests name them). */
const named = (corpId: number, firstId: number, names: string[]) =>
  names.map((name, i) => ({ id: firstId + i, corpId, name }));

/** Banks, products, channels, sources and cities the case form picks from. */
async function seedReferenceData(tx: Parameters<Parameters<Db['transaction']>[0]>[0]) {
  await tx
    .insert(banks)
    .values([
      ...named(1, 1, ['招商银行', '中国建设银行', '上海银行', '平安银行']),
      { id: 11, corpId: 1, parentId: 1, name: '招商银行上海分行' },
      { id: 12, corpId: 1, parentId: 1, name: '招商银行浦东支行' },
      { id: 13, corpId: 1, parentId: 2, name: '建设银行徐汇支行' },
      { id: 14, corpId: 1, parentId: 3, name: '上海银行静安支行' },
      ...named(2, 20, ['江苏银行']),
    ]);
  await tx.insert(products).values([
    {
      id: 1,
      corpId: 1,
      bankId: 1,
      name: '招行 e 招贷',
      // The lender's price (decision 051).
      feeType: 3,
      ratePpm: 43_500,
      repaymentMethod: 1,
      minAmountFen: 1_000_000,
      maxAmountFen: 50_000_000,
      termsMonths: [12, 24, 36, 48, 60],
    },
    {
      id: 2,
      corpId: 1,
      bankId: 1,
      name: '招行信用卡分期',
      feeType: 1,
      ratePpm: 6000,
      minAmountFen: 500_000,
      maxAmountFen: 30_000_000,
      termsMonths: [6, 12, 18, 24, 36],
    },
    {
      id: 3,
      corpId: 1,
      bankId: 2,
      name: '建行快贷',
      feeType: 3,
      ratePpm: 38_500,
      repaymentMethod: 2,
      minAmountFen: 1_000_000,
      maxAmountFen: 30_000_000,
      termsMonths: [12, 24, 36],
    },
    {
      id: 4,
      corpId: 1,
      bankId: 3,
      name: '上行家装分期',
      feeType: 2,
      ratePpm: 90_000,
      minAmountFen: 3_000_000,
      maxAmountFen: 100_000_000,
      termsMonths: [12, 24, 36, 48, 60],
    },
    {
      id: 5,
      corpId: 1,
      bankId: 4,
      name: '平安新一贷',
      feeType: 1,
      ratePpm: 4900,
      minAmountFen: 500_000,
      maxAmountFen: 50_000_000,
      termsMonths: [6, 12, 18, 24, 36, 48, 60],
    },
    {
      id: 20,
      corpId: 2,
      bankId: 20,
      name: '江苏银行消费贷',
      feeType: 3,
      ratePpm: 45_000,
      repaymentMethod: 1,
      minAmountFen: 1_000_000,
      maxAmountFen: 30_000_000,
      termsMonths: [12, 24, 36],
    },
  ]);
  await tx.insert(channels).values([
    { id: 1, corpId: 1, name: '直营', sortOrder: 1 },
    { id: 2, corpId: 1, name: '合作机构', sortOrder: 2 },
    { id: 3, corpId: 1, name: '线上推广', sortOrder: 3 },
    { id: 4, corpId: 1, parentId: 2, name: '4S 店合作' },
    { id: 5, corpId: 1, parentId: 2, name: '装修公司合作' },
    { id: 6, corpId: 1, parentId: 3, name: '企业微信客户群' },
    { id: 20, corpId: 2, name: '江南直营' },
  ]);
  await tx
    .insert(sources)
    .values([...named(1, 1, ['老客户转介绍', '电话营销', '门店到访', '网络广告']), ...named(2, 20, ['江南转介绍'])]);
  await tx
    .insert(cities)
    .values([
      { id: 310000, name: '上海市' },
      { id: 310100, parentId: 310000, name: '上海市辖区' },
      { id: 320000, name: '江苏省' },
      { id: 320100, parentId: 320000, name: '南京市' },
      { id: 320500, parentId: 320000, name: '苏州市' },
      { id: 330000, name: '浙江省' },
      { id: 330100, parentId: 330000, name: '杭州市' },
      { id: 330200, parentId: 330000, name: '宁波市' },
    ])
    .onConflictDoNothing();
}

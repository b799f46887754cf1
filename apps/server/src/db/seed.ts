import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { companies, notices, staff, teams } from './schema/companies.ts';
import { appeals, clients, examAssignments, followUps, serviceRequests, signTasks } from './schema/work.ts';
import { seedHouseDemo } from './seed-house.ts';

/**
 * Demo staff, one per role of spec §6. Ids are fixed because the spec keys behaviour to ids: 29 approves
 * signing rejections, 42 and 43 show a female icon on the signing leader's home page. The README lists
 * these people; keep the two in step.
 */
export const DEMO_STAFF = [
  { id: 1, corpId: 1, teamId: 1, name: '王小明', phone: '13800000001', jobs: [], isLeader: false, role: '业务员' },
  { id: 2, corpId: 1, teamId: 1, name: '李建国', phone: '13800000002', jobs: [], isLeader: true, role: '团队长' },
  { id: 3, corpId: 1, teamId: 2, name: '张签约', phone: '13800000003', jobs: [2], isLeader: true, role: '签约中心（岗位 2，组长）' },
  { id: 4, corpId: 1, teamId: 1, name: '赵客服', phone: '13800000004', jobs: [3], isLeader: false, role: '客服协助（岗位 3）' },
  { id: 5, corpId: 1, teamId: 3, name: '钱财务', phone: '13800000005', jobs: [4], isLeader: true, role: '房贷财务（岗位 4，组长）' },
  { id: 6, corpId: 1, teamId: 3, name: '孙管家', phone: '13800000006', jobs: [5], isLeader: false, role: '房贷管家（岗位 5）' },
  { id: 7, corpId: 1, teamId: 3, name: '周返佣', phone: '13800000007', jobs: [6], isLeader: false, role: '仅返佣（岗位 6）' },
  { id: 29, corpId: 1, teamId: 2, name: '吴审批', phone: '13800000029', jobs: [2], isLeader: false, role: '驳回审批（id 29，岗位 2）' },
  { id: 42, corpId: 1, teamId: 2, name: '郑丽', phone: '13800000042', jobs: [2], isLeader: false, role: '签约员', gender: 2 },
  { id: 43, corpId: 1, teamId: 2, name: '冯芳', phone: '13800000043', jobs: [2], isLeader: false, role: '签约员', gender: 2 },
  { id: 44, corpId: 1, teamId: 2, name: '陈刚', phone: '13800000044', jobs: [2], isLeader: false, role: '签约员', gender: 1 },
  // The second company shares a phone number with the first on purpose: isolation is by company.
  { id: 101, corpId: 2, teamId: 4, name: '刘另司', phone: '13800000001', jobs: [], isLeader: false, role: '另一公司业务员' },
  { id: 102, corpId: 2, teamId: 4, name: '陈另司', phone: '13800000102', jobs: [2, 3, 4, 5], isLeader: true, role: '另一公司组长' },
] as const;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

/** Seeds the demo companies once: a database with any company in it is left alone. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(companies).values([
      { id: 1, name: '沪融信息服务（演示）' },
      { id: 2, name: '江南金服（演示）' },
    ]);
    await tx.insert(teams).values([
      { id: 1, corpId: 1, name: '销售一组' },
      { id: 2, corpId: 1, name: '签约组' },
      { id: 3, corpId: 1, name: '房贷组' },
      { id: 4, corpId: 2, name: '销售部' },
    ]);
    await tx.insert(staff).values(
      DEMO_STAFF.map(({ role: _role, ...person }) => ({ ...person, jobs: [...person.jobs] })),
    );
    await tx.insert(notices).values([
      { corpId: 1, status: 'info', text: '本月起放款资料请于每周五前提交至签约中心。' },
      { corpId: 2, status: 'warning', text: '江南金服内部通知（演示）' },
    ]);

    const caseRows = await tx
      .insert(clients)
      .values([
        { corpId: 1, ownerId: 1, teamId: 1, name: '陈美玲', phone: '13912345678', status: 1 },
        { corpId: 1, ownerId: 1, teamId: 1, name: '黄志强', phone: '13712345679', status: 3 },
        { corpId: 1, ownerId: 1, teamId: 1, name: '林晓东', phone: '13612345670', status: 6 },
        { corpId: 1, ownerId: 2, teamId: 1, name: '吴海燕', phone: '13512345671', status: 5 },
        { corpId: 2, ownerId: 101, teamId: 4, name: '郭另客', phone: '13412345672', status: 1 },
      ])
      .returning({ id: clients.id });
    const [c1, c2, c3, c4, c5] = caseRows.map((row) => row.id) as [number, number, number, number, number];

    await tx.insert(followUps).values([
      { corpId: 1, clientId: c1, staffId: 1, note: '客户需补充收入证明', nextContactAt: hours(-2) },
      { corpId: 1, clientId: c2, staffId: 1, note: '确认审批进度', nextContactAt: hours(-1) },
      { corpId: 1, clientId: c1, staffId: 1, note: '下周回访', nextContactAt: hours(72) },
      { corpId: 2, clientId: c5, staffId: 101, note: '另一公司的跟进', nextContactAt: hours(-1) },
    ]);
    await tx.insert(serviceRequests).values([{ corpId: 1, clientId: c2 }]);
    await tx.insert(appeals).values([{ corpId: 1, clientId: c3, staffId: 1, teamId: 1, reason: '客户征信已修复，申请复核' }]);
    await tx.insert(signTasks).values([
      { corpId: 1, clientId: c1 },
      { corpId: 1, clientId: c2 },
      { corpId: 1, clientId: c4, signerId: 42, status: 'taken' },
      { corpId: 1, clientId: c3, signerId: 43, status: 'rejected' },
      { corpId: 2, clientId: c5 },
    ]);
    await tx.insert(examAssignments).values(
      DEMO_STAFF.filter((person) => person.corpId === 1).map((person) => ({
        corpId: 1,
        staffId: person.id,
        title: '2026 年第四季度合规考试',
        dueAt: hours(24 * 14),
      })),
    );
    await seedHouseDemo(tx, hours);

    // Explicit ids above leave the identity sequences behind; move them past the demo range.
    for (const table of ['companies', 'teams', 'staff']) {
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), 1000)`));
    }
    return true;
  });
}

import { idCheckChar } from '@crm/domain/idcard';
import type { Tx } from './client.ts';
import { caseEvents, clients, followUps } from './schema/cases.ts';
import { sealClients } from '../pii/fields.ts';

/**
 * The demo of customer ownership (decision 066): three cases 周业务 (8) left unworked, already in the company's
 * pool (公海), for anyone to claim from 首页 → 公海客户. The duplicate the forms catch needs no row of its own:
 * 高建军 (13612340007) is 李建国's (2) case in 补件, so 王小明 typing that phone on 新增报单 is told at once.
 * The partner referral 陈客户 (seed-outside), expired unconverted, joins the pool at the server's start-up sweep.
 */
export async function seedOwnershipDemo(tx: Tx, hours: (offset: number) => Date) {
  const pooledAt = hours(-48);
  const createdAt = hours(-24 * 20);
  const reason = '超过 15 天未跟进，自动退回公海';
  const idNumber = (n: number) => {
    const first17 = `3101051988${String(n).padStart(2, '0')}15${500 + n}`;
    return first17 + idCheckChar(first17);
  };
  const rows = await tx
    .insert(clients)
    .values(
      await sealClients(
        tx,
        [
          { name: '冯晓东', phone: '13512340101', status: 2, amountFen: 5_000_000 },
          { name: '褚玉兰', phone: '13512340102', status: 4, amountFen: 12_000_000 },
          { name: '卫海波', phone: '13512340103', status: 4, amountFen: 3_000_000 },
        ].map((row, i) => ({
          ...row,
          corpId: 1,
          ownerId: 8,
          teamId: 5,
          idNumber: idNumber(i + 1),
          termMonths: 36,
          createdAt,
          updatedAt: pooledAt,
          pooledAt,
          poolReason: reason,
        })),
      ),
    )
    .returning({ id: clients.id, status: clients.status });
  await tx.insert(caseEvents).values(
    rows.flatMap((row) => [
      { corpId: 1, clientId: row.id, staffId: 8, kind: 'created' as const, toStatus: 1, createdAt },
      {
        corpId: 1,
        clientId: row.id,
        staffId: 8,
        kind: 'pooled' as const,
        fromStatus: row.status,
        toStatus: row.status,
        reason,
        createdAt: pooledAt,
      },
    ]),
  );

  // Two records of one customer in 李建国's team (decision 066): 孔德明, taken in twice (王小明's has a follow-up),
  // for the leader's 合并客户 on either record.
  const twice = await tx
    .insert(clients)
    .values(
      await sealClients(
        tx,
        [
          { ownerId: 2, idNumber: idNumber(11), createdAt: hours(-24 * 6) },
          { ownerId: 1, idNumber: '', createdAt: hours(-24 * 3) },
        ].map((row) => ({
          ...row,
          name: '孔德明',
          phone: '13612340201',
          corpId: 1,
          teamId: 1,
          status: 1,
          amountFen: 8_000_000,
          termMonths: 24,
          updatedAt: row.createdAt,
        })),
      ),
    )
    .returning({ id: clients.id, ownerId: clients.ownerId, createdAt: clients.createdAt });
  await tx.insert(caseEvents).values(
    twice.map((row) => ({
      corpId: 1,
      clientId: row.id,
      staffId: row.ownerId,
      kind: 'created' as const,
      toStatus: 1,
      createdAt: row.createdAt,
    })),
  );
  const second = twice[1];
  if (second)
    await tx.insert(followUps).values({
      corpId: 1,
      clientId: second.id,
      staffId: 1,
      note: '客户说上周已经找过李建国办理，核实是否重复',
      nextContactAt: hours(24),
      createdAt: hours(-24),
    });

  // Nudges and the 待办 (decision 066), for 王小明 (1): 蒋近海 was taken 13 days ago and never followed up, so he
  // is 2 days from the pool (首页 → 待办: 即将进入公海) and, unplanned for 13 days, nudges 王小明 and his leader
  // 李建国 on WeCom at start-up; 沈未约's only follow-up was due 4 days ago and nothing new is planned, so the
  // start-up sweep nudges 王小明 about him (消息记录).
  const idle = await tx
    .insert(clients)
    .values(
      await sealClients(
        tx,
        [
          { name: '蒋近海', phone: '13512340601', since: hours(-24 * 13) },
          { name: '沈未约', phone: '13512340602', since: hours(-24 * 6) },
        ].map(({ since, ...row }, i) => ({
          ...row,
          corpId: 1,
          ownerId: 1,
          teamId: 1,
          status: 1,
          idNumber: idNumber(5 + i),
          amountFen: 6_000_000,
          termMonths: 24,
          createdAt: since,
          ownedSince: since,
          updatedAt: since,
        })),
      ),
    )
    .returning({ id: clients.id, createdAt: clients.createdAt });
  await tx.insert(caseEvents).values(
    idle.map((row) => ({
      corpId: 1,
      clientId: row.id,
      staffId: 1,
      kind: 'created' as const,
      toStatus: 1,
      createdAt: row.createdAt,
    })),
  );
  const unplanned = idle[1];
  if (unplanned)
    await tx.insert(followUps).values({
      corpId: 1,
      clientId: unplanned.id,
      staffId: 1,
      note: '客户说考虑几天再回复',
      nextContactAt: hours(-24 * 4),
      doneAt: hours(-24 * 4),
      createdAt: hours(-24 * 5),
    });
}

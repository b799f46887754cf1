import { idCheckChar } from '@crm/domain/idcard';
import type { Tx } from './client.ts';
import { caseEvents, clients } from './schema/cases.ts';
import { sealClients } from '../pii/fields.ts';

/**
 * The demo of retention (decision 071), both cases 周业务's (8): 严旧案, rejected six years before the seed, whose
 * personal data the sweep erases at the server's start (it shows as （已删除）, amount and dates kept); and 孙退单,
 * returned 200 days ago, whom 何管理 (50) finds at 管理后台 → 个人信息查询 by 13512340303 to export or erase.
 */
export async function seedRetentionDemo(tx: Tx, hours: (offset: number) => Date) {
  const idNumber = (n: number) => {
    const first17 = `3101051979${String(n).padStart(2, '0')}20${600 + n}`;
    return first17 + idCheckChar(first17);
  };
  const cases = [
    { name: '严旧案', phone: '13512340201', status: 6, closedDaysAgo: 6 * 365 + 30, amountFen: 8_000_000 },
    { name: '孙退单', phone: '13512340303', status: 9, closedDaysAgo: 200, amountFen: 4_000_000 },
  ];
  for (const [i, c] of cases.entries()) {
    const closedAt = hours(-24 * c.closedDaysAgo);
    const createdAt = hours(-24 * (c.closedDaysAgo + 30));
    const [row] = await tx
      .insert(clients)
      .values(
        await sealClients(tx, {
          corpId: 1,
          ownerId: 8,
          teamId: 5,
          name: c.name,
          phone: c.phone,
          idNumber: idNumber(i + 1),
          bankCard: `62258800000002${String(i + 1).padStart(2, '0')}`,
          status: c.status,
          amountFen: c.amountFen,
          termMonths: 24,
          remarks: '演示：保存期限',
          createdAt,
          updatedAt: closedAt,
        }),
      )
      .returning({ id: clients.id });
    if (!row) continue;
    await tx.insert(caseEvents).values([
      { corpId: 1, clientId: row.id, staffId: 8, kind: 'created', toStatus: 1, createdAt },
      {
        corpId: 1,
        clientId: row.id,
        staffId: 8,
        kind: 'status',
        fromStatus: 1,
        toStatus: c.status,
        reason: c.status === 6 ? '征信不符' : '客户撤回',
        createdAt: closedAt,
      },
    ]);
  }
}

import { idCheckChar } from '@crm/domain/idcard';
import { DEMO_LEAVER_USERID } from '../adapters/wecom/index.ts';
import type { Tx } from './client.ts';
import { caseEvents, clients, followUps } from './schema/cases.ts';
import { houseClients } from './schema/house.ts';
import { outsidePartners } from './schema/outside.ts';
import { staff } from './schema/staff.ts';
import {
  HOUSE_CLIENTS_PII,
  OUTSIDE_PARTNERS_PII,
  sealClients,
  sealRows,
  sealValues,
  STAFF_PII,
} from '../pii/fields.ts';

/** The demo's staff member who leaves (decision 066): the company admin hands them over from 管理后台 → 员工. */
export const HANDOVER_DEMO = { id: 10, name: '郑离职', phone: '13800000010', teamId: 5 } as const;

/**
 * 郑离职 (10) of 销售二组 holds two instalment cases (one with a follow-up due), a home-loan client and a partner,
 * and follows two WeCom external contacts in the offline WeCom (DEMO_LEAVER_USERID): 何管理 (50) hands all of it
 * to 王小明 (1, bound to WeCom) or the cases to the pool, and may disable 郑离职.
 */
export async function seedHandoverDemo(tx: Tx, hours: (offset: number) => Date) {
  const createdAt = hours(-24 * 5);
  await tx.insert(staff).values(
    await sealValues(tx, 1, STAFF_PII, {
      id: HANDOVER_DEMO.id,
      corpId: 1,
      teamId: HANDOVER_DEMO.teamId,
      name: HANDOVER_DEMO.name,
      phone: HANDOVER_DEMO.phone,
      wxworkId: DEMO_LEAVER_USERID,
    }),
  );
  const idNumber = (n: number) => {
    const first17 = `3101051990${String(n).padStart(2, '0')}15${600 + n}`;
    return first17 + idCheckChar(first17);
  };
  const rows = await tx
    .insert(clients)
    .values(
      await sealClients(
        tx,
        [
          { name: '蒋晓燕', phone: '13512340201', status: 2, amountFen: 8_000_000 },
          { name: '沈国强', phone: '13512340202', status: 4, amountFen: 4_000_000 },
        ].map((row, i) => ({
          ...row,
          corpId: 1,
          ownerId: HANDOVER_DEMO.id,
          teamId: HANDOVER_DEMO.teamId,
          idNumber: idNumber(i + 1),
          termMonths: 36,
          createdAt,
          updatedAt: createdAt,
        })),
      ),
    )
    .returning({ id: clients.id });
  await tx.insert(caseEvents).values(
    rows.map((row) => ({
      corpId: 1,
      clientId: row.id,
      staffId: HANDOVER_DEMO.id,
      kind: 'created' as const,
      toStatus: 1,
      createdAt,
    })),
  );
  const first = rows[0];
  if (first)
    await tx.insert(followUps).values({
      corpId: 1,
      clientId: first.id,
      staffId: HANDOVER_DEMO.id,
      note: '约了下周面签',
      nextContactAt: hours(24),
      createdAt,
    });
  await tx.insert(houseClients).values(
    await sealValues(tx, 1, HOUSE_CLIENTS_PII, {
      corpId: 1,
      ownerId: HANDOVER_DEMO.id,
      teamId: HANDOVER_DEMO.teamId,
      name: '韩立新',
      phone: '13812340210',
      loanAmountFen: 90_000_000,
      bank: '建设银行',
      // Already seen by the steward: the steward's waiting badge keeps its demo count.
      stewardId: 6,
      stewardStatus: 'handled',
      createdAt,
    }),
  );
  await tx.insert(outsidePartners).values(
    await sealRows(tx, OUTSIDE_PARTNERS_PII, [
      {
        corpId: 1,
        staffId: HANDOVER_DEMO.id,
        name: '钱伙伴',
        phone: '13700000110',
        status: 1,
        decidedBy: HANDOVER_DEMO.id,
        decidedAt: createdAt,
        createdAt,
      },
    ]),
  );
}

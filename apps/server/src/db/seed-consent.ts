import { sql } from 'drizzle-orm';
import { idCheckChar } from '@crm/domain/idcard';
import { CURRENT_CONSENT_VERSION } from '@crm/domain/consent';
import type { Tx } from './client.ts';
import { caseEvents, clients } from './schema/cases.ts';
import { signTasks } from './schema/sign.ts';
import { sealClients } from '../pii/fields.ts';

/** The demo case waiting for its client's consent (docs/demo-tour.md, 个人信息授权). */
export const CONSENT_DEMO = { name: '邵明远', phone: '13712340707' } as const;

/**
 * The consent demo (decision 073). 王小明 (1) took 邵明远 in yesterday, with an open signing task, and has no
 * consent from him yet: the case page says 未授权, the signing centre cannot take the task, and 发送授权短信 or
 * 上传纸质授权书 on the case page get it. Every other demo case had its client confirm a link the day it was
 * taken in (the demo's evidence: the seed's address and browser), so the other walk-throughs move on.
 * Runs last in the seed's transaction, after every module seeded its cases.
 */
export async function seedConsentDemo(tx: Tx, hours: (offset: number) => Date) {
  const first17 = '31010519900707123';
  const createdAt = hours(-24);
  const [row] = await tx
    .insert(clients)
    .values(
      await sealClients(tx, {
        corpId: 1,
        ownerId: 1,
        teamId: 1,
        name: CONSENT_DEMO.name,
        phone: CONSENT_DEMO.phone,
        idNumber: first17 + idCheckChar(first17),
        birthDate: '1990-07-07',
        sex: 1,
        status: 1,
        amountFen: 6_000_000,
        termMonths: 36,
        bankId: 1,
        productId: 1,
        remarks: '演示：尚未取得个人信息授权',
        createdAt,
        updatedAt: createdAt,
      }),
    )
    .returning({ id: clients.id });
  if (!row) throw new Error('consent demo case not inserted');
  await tx
    .insert(caseEvents)
    .values({ corpId: 1, clientId: row.id, staffId: 1, kind: 'created', toStatus: 1, createdAt });
  await tx.insert(signTasks).values({ corpId: 1, clientId: row.id, proposedSignerId: 3, createdAt });
  await tx.execute(sql`
    insert into case_consents (corp_id, client_id, text_version, method, status, ip, user_agent, recorded_by, given_at, created_at)
    select corp_id, id, ${CURRENT_CONSENT_VERSION}, 'sms', 'given', '127.0.0.1', 'demo seed', owner_id, created_at, created_at
    from clients where id <> ${row.id}`);
}

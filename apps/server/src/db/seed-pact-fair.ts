import { chinaDay } from '@crm/domain/api/fair';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { freezeFinancePact } from '../modules/pact/index.ts';
import type { Tx } from './client.ts';
import { clients } from './schema/cases.ts';
import { fairCheckins, fairs } from './schema/fair.ts';

/** The fair check-in demo (README: /business/signin from the home card's 展会签到). */
export const FAIR_DEMO = { name: '上海春季家装博览会', venue: '国家会展中心（上海）2号馆 B12 展位' } as const;

/**
 * The financing-agreement and fair demo (decision 051), inside the demo seed's transaction: every approved
 * demo case of company 1 gets its agreement frozen by 张签约 (3) through the same code an approval runs; a
 * fair runs from yesterday to three days on, where 李建国 (2) and 张签约 (3) have checked in today and
 * 王小明 (1) has not yet.
 */
export async function seedPactFairDemo(tx: Tx, hours: (n: number) => Date): Promise<void> {
  const approved = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.corpId, 1), inArray(clients.status, [5, 7, 8])))
    .orderBy(asc(clients.id));
  for (const { id } of approved)
    await freezeFinancePact(tx, { corpId: 1, clientId: id, actorId: 3, at: hours(-24 * 7) });

  const now = hours(0);
  const [fair] = await tx
    .insert(fairs)
    .values({
      corpId: 1,
      ...FAIR_DEMO,
      startsOn: chinaDay(hours(-24)),
      endsOn: chinaDay(hours(24 * 3)),
    })
    .returning({ id: fairs.id });
  if (!fair) throw new Error('demo fair not created');
  const today = chinaDay(now);
  await tx.insert(fairCheckins).values([
    { corpId: 1, fairId: fair.id, staffId: 2, day: today, checkedInAt: hours(-1) },
    { corpId: 1, fairId: fair.id, staffId: 3, day: today, checkedInAt: hours(-0.5) },
  ]);
}

import type { Db } from '../db/client.ts';
import { houseBrokerageUsers, houseChannels } from '../db/schema/house.ts';
import { clients } from '../db/schema/cases.ts';
import { houseClients } from '../db/schema/house.ts';
import { signTasks } from '../db/schema/sign.ts';

/*
 * Rows of the home-loan and signing tables, inserted directly, for tests whose subject is another call.
 * The instalment `clients` table belongs to issue 3; tests insert its rows here rather than through its API.
 */

let counter = 0;
const unique = () => ++counter;

export async function createCase(
  db: Db,
  corpId: number,
  ownerId: number,
  overrides: Partial<typeof clients.$inferInsert> = {},
) {
  const [row] = await db
    .insert(clients)
    .values({ corpId, ownerId, name: `分期客户${unique()}`, phone: '13900001111', ...overrides })
    .returning();
  if (!row) throw new Error('case not created');
  return row;
}

export async function createHouseClient(
  db: Db,
  corpId: number,
  ownerId: number,
  overrides: Partial<typeof houseClients.$inferInsert> = {},
) {
  const [row] = await db
    .insert(houseClients)
    .values({
      corpId,
      ownerId,
      name: `房贷客户${unique()}`,
      phone: '13900002222',
      loanAmountFen: 100_000_000,
      termMonths: 240,
      bank: '工商银行',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('house client not created');
  return row;
}

export async function createChannel(
  db: Db,
  corpId: number,
  ownerId: number,
  overrides: Partial<typeof houseChannels.$inferInsert> = {},
) {
  const [row] = await db
    .insert(houseChannels)
    .values({ corpId, ownerId, name: `渠道${unique()}`, contact: '联系人', phone: '13900003333', ...overrides })
    .returning();
  if (!row) throw new Error('channel not created');
  return row;
}

export async function createBrokerageUser(
  db: Db,
  corpId: number,
  ownerId: number,
  overrides: Partial<typeof houseBrokerageUsers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(houseBrokerageUsers)
    .values({
      corpId,
      ownerId,
      name: `返佣人${unique()}`,
      phone: '13900004444',
      bankName: '招商银行',
      bankCard: '6225880000000001',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('brokerage user not created');
  return row;
}

export async function createSignTask(
  db: Db,
  corpId: number,
  subject: { clientId: number } | { houseClientId: number },
  overrides: Partial<typeof signTasks.$inferInsert> = {},
) {
  const [row] = await db
    .insert(signTasks)
    .values({ corpId, ...subject, ...overrides })
    .returning();
  if (!row) throw new Error('sign task not created');
  return row;
}

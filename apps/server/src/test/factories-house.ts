import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { houseBrokerageUsers, houseChannels } from '../db/schema/house.ts';
import { clients } from '../db/schema/cases.ts';
import { houseClients } from '../db/schema/house.ts';
import { signTasks } from '../db/schema/sign.ts';
import { giveConsent } from './factories-cases.ts';
import { insertRow } from './factories.ts';

/*
 * Rows of the home-loan and signing tables, inserted directly, for tests whose subject is another call.
 * The instalment `clients` table belongs to issue 3; tests insert its rows here rather than through its API.
 */

let counter = 0;
const unique = () => ++counter;

/**
 * A factory of rows that a company's staff member owns: what the test leaves out is made up (unique
 * where a name must be), then the test's overrides win.
 */
const ownedRow =
  <T extends PgTable>(table: T, what: string, made: () => Partial<PgInsertValue<T>>) =>
  (db: Db, corpId: number, ownerId: number, overrides: Partial<PgInsertValue<T>> = {}) =>
    insertRow(db, table, { corpId, ownerId, ...made(), ...overrides } as PgInsertValue<T>, what);

const caseRow = ownedRow(clients, 'case', () => ({ name: `分期客户${unique()}`, phone: '13900001111' }));

/** A case past intake's paperwork: its client has consented (decision 073), so signing and moves are open to it. */
export async function createCase(
  db: Db,
  corpId: number,
  ownerId: number,
  overrides: Partial<PgInsertValue<typeof clients>> = {},
) {
  const row = await caseRow(db, corpId, ownerId, overrides);
  await giveConsent(db, row);
  return row;
}

export const createHouseClient = ownedRow(houseClients, 'house client', () => ({
  name: `房贷客户${unique()}`,
  phone: '13900002222',
  loanAmountFen: 100_000_000,
  termMonths: 240,
  bank: '工商银行',
}));

export const createChannel = ownedRow(houseChannels, 'channel', () => ({
  name: `渠道${unique()}`,
  contact: '联系人',
  phone: '13900003333',
}));

export const createBrokerageUser = ownedRow(houseBrokerageUsers, 'brokerage user', () => ({
  name: `返佣人${unique()}`,
  phone: '13900004444',
  bankName: '招商银行',
  bankCard: '6225880000000001',
}));

export function createSignTask(
  db: Db,
  corpId: number,
  subject: { clientId: number } | { houseClientId: number },
  overrides: Partial<typeof signTasks.$inferInsert> = {},
) {
  return insertRow(db, signTasks, { corpId, ...subject, ...overrides }, 'sign task');
}

/** The fields of a valid addHouseClient form, as the phone sends them. */
export const houseClientForm = (overrides: Record<string, string | number> = {}): Record<string, string | number> => ({
  name: '沈家豪',
  // Each form its own customer: one customer's phone is one holder's (decision 066).
  phone: `1381${String(2_341_234 + unique()).slice(-7)}`,
  loan_amount: '1500000',
  term_months: '240',
  bank: '工商银行',
  ...overrides,
});

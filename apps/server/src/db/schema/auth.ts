import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff } from './staff.ts';
import { outsidePartners } from './outside.ts';
import { houseBrokerageUsers } from './house.ts';
import { timestamptz, timestamptzNow, corpRef } from './columns.ts';

/** The four kinds of principal a session may carry (decision 040). */
export const PRINCIPAL_KINDS = ['staff', 'partner', 'channel', 'visitor'] as const;

/**
 * Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a leaked table opens nothing.
 * A session carries exactly one principal: its kind and the one subject column of that kind (the check
 * constraint says which). A channel agent is a brokerage receiver under a house channel (decision 052); a visitor is a WeChat openid of the company's official account, with no row of its own.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().notNull(),
    corpId: companyRef(),
    kind: text({ enum: PRINCIPAL_KINDS }).notNull().default('staff'),
    staffId: integer(),
    partnerId: integer(),
    channelAgentId: integer(),
    visitorOpenid: text(),
    expiresAt: timestamptz().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    // The cookie's hash finds the session on its own (it leads); corp_id makes the key Citus-shaped (decision 084).
    primaryKey({ columns: [t.tokenHash, t.corpId] }),
    corpRef('sessions_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('sessions_partner_id_fk', t.corpId, t.partnerId, () => outsidePartners),
    corpRef('sessions_channel_agent_id_fk', t.corpId, t.channelAgentId, () => houseBrokerageUsers),
    index().on(t.corpId, t.staffId),
    index().on(t.expiresAt),
    check(
      'sessions_one_principal',
      sql`num_nonnulls(${t.staffId}, ${t.partnerId}, ${t.channelAgentId}, ${t.visitorOpenid}) = 1 and case ${t.kind}
        when 'staff' then ${t.staffId} is not null
        when 'partner' then ${t.partnerId} is not null
        when 'channel' then ${t.channelAgentId} is not null
        when 'visitor' then ${t.visitorOpenid} is not null
        else false end`,
    ),
  ],
);

/**
 * SMS verification codes. The code itself is never stored: only an HMAC keyed with a server secret,
 * because a plain hash of six digits is reversed by trying all million of them.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    // Its own key, without the company: a code is asked for by phone, often before any company is known, so it
    // is not a company's row (a coordinator-local table under Citus, db/shared-tables.ts).
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /**
     * HMAC-SHA256 of the phone under the server secret (`smsPhoneHash`), never the phone itself (decision 074):
     * a code is only ever found by the phone it was sent to, and the row lives a day.
     */
    phoneHash: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    /**
     * The company whose person the code is for (a staff member, a channel agent, an e-sign signer), for
     * the per-company ceiling; null for a stranger (a partner registering, an activity visitor).
     */
    corpId: integer(),
    failedAttempts: smallint().notNull().default(0),
    createdAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [index().on(t.phoneHash, t.createdAt), index().on(t.ip, t.createdAt), index().on(t.corpId, t.createdAt)],
);

import type { StaffIdentity } from '../staff/index.ts';

/** The four kinds of principal one session mechanism carries (decision 040). */
export type PrincipalKind = 'staff' | 'partner' | 'channel' | 'visitor';

/**
 * Who is calling: exactly one principal per session, always of one company. Staff carry their whole
 * identity (jobs, leader flag, grants); the other kinds are what their session row holds until their
 * modules (outside partners, house channel, activities) bring tables of their own.
 */
export type Principal =
  | { kind: 'staff'; corpId: number; staff: StaffIdentity }
  | { kind: 'partner'; corpId: number; partnerId: number }
  | { kind: 'channel'; corpId: number; channelAgentId: number }
  | { kind: 'visitor'; corpId: number; openid: string };

/** What a session is opened for: a principal named by its subject, before anything is looked up. */
export type PrincipalSubject =
  | { kind: 'staff'; corpId: number; staffId: number }
  | { kind: 'partner'; corpId: number; partnerId: number }
  | { kind: 'channel'; corpId: number; channelAgentId: number }
  | { kind: 'visitor'; corpId: number; openid: string };

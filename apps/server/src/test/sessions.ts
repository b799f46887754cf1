import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import type { PrincipalSubject } from '../modules/auth/principal.ts';
import { createStaffRepository } from '../modules/staff/staff.repository.ts';
import type { TestApp } from './build-test-app.ts';
import { createPartner } from './factories-outside.ts';

/**
 * The cookie header of a fresh session for any principal kind, opened through the auth service's
 * `startSession` as the partner, channel and visitor login flows will (staff tests may use loginAs).
 */
export async function sessionCookie(test: TestApp, subject: PrincipalSubject): Promise<string> {
  const auth = createAuthService({
    repo: createAuthRepository(test.db),
    staff: createStaffRepository(test.db),
    sms: test.sms.adapter,
    secret: test.config.sessionSecret,
    sessionTtlMs: test.config.sessionTtlMs,
    now: test.now,
  });
  return `crm_session=${await auth.startSession(subject)}`;
}

/** A staff session without the SMS round trip. */
export const staffCookie = (test: TestApp, person: { corpId: number; id: number }) =>
  sessionCookie(test, { kind: 'staff', corpId: person.corpId, staffId: person.id });

/** The session of a new partner in this staff member's network. */
export const newPartnerCookie = async (test: TestApp, network: { corpId: number; id: number }) =>
  sessionCookie(test, {
    kind: 'partner',
    corpId: network.corpId,
    partnerId: (await createPartner(test.db, network)).id,
  });

import type { TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createStaff } from '../../test/factories.ts';
import { newPartnerCookie, staffCookie } from '../../test/sessions.ts';

type StaffFields = Parameters<typeof createStaff>[2];

/**
 * The callers each back-office suite tries, made in the suite's companies A and B: A's admin, a staff member
 * of A without the grant, B's admin (another tenant), the platform's operator, and a partner in the network
 * of A's admin. `a` adds fields to A's admin and staff member (their team, say).
 */
export async function backOfficeCallers(
  test: TestApp,
  corpA: { id: number },
  corpB: { id: number },
  a: { admin?: StaffFields; plain?: StaffFields } = {},
) {
  const adminA = await createAdmin(test.db, corpA.id, { name: 'A管理员', ...a.admin });
  const plainA = await createStaff(test.db, corpA.id, { name: 'A业务员', ...a.plain });
  const adminB = await createAdmin(test.db, corpB.id, { name: 'B管理员' });
  const operator = await createAdmin(test.db, corpA.id, { name: '平台运营' }, 'platform.admin');
  return {
    adminA,
    plainA,
    operator,
    admin: await staffCookie(test, adminA),
    plain: await staffCookie(test, plainA),
    otherAdmin: await staffCookie(test, adminB),
    platform: await staffCookie(test, operator),
    partner: await newPartnerCookie(test, adminA),
  };
}

export type BackOfficeCallers = Awaited<ReturnType<typeof backOfficeCallers>>;

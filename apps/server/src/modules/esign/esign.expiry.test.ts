import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EsignEvidence, EsignOrderSummary } from '@crm/domain/api/esign';
import { esignTemplates } from '../../db/schema/esign.ts';
import { companies } from '../../db/schema/staff.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { postJson } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/* Unsigned orders expire after the company's days and their link stops; the signer is reminded by SMS once a day
 * after sending and once a day before expiry (issue 48 point 5). The clock is the test's. */

const HOUR = 3600_000;
let clock = new Date('2026-05-10T02:00:00Z');
const test = testAppForFile({ now: () => clock });
const post = <T = unknown>(url: string, payload: object, headers: Record<string, string> = {}) =>
  postJson<T>(test.app, url, payload, headers);
const later = async (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  await test.app.esignSweep();
  await test.app.drainJobs();
};

async function sentOrder(days: number) {
  const corp = await createCompany(test.db, '提醒居间公司');
  await test.db.update(companies).set({ esignExpiryDays: days }).where(eq(companies.id, corp.id));
  const owner = await createStaff(test.db, corp.id);
  const other = await createStaff(test.db, corp.id);
  await test.db
    .insert(esignTemplates)
    .values([{ corpId: corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] }]);
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const theCase = await createCase(test.db, owner, { name: '王五', phone });
  const cookie = await staffCookie(test, owner);
  const added = await post<{ id: number; link: string }>('/api/esign/add', { user_id: theCase.id }, { cookie });
  const token = new URL(added.body.data.link, 'http://x').searchParams.get('t') ?? '';
  return { id: added.body.data.id, token, cookie, phone, otherCookie: await staffCookie(test, other) };
}

describe('e-sign reminders and expiry', () => {
  it('reminds a day after sending and a day before expiry, once each; then the order expires and its link stops', async () => {
    const o = await sentOrder(3);
    const notices = () => test.sms.notices.filter((n) => n.phone === o.phone);
    const list = await post<{ list: EsignOrderSummary[] }>('/api/esign/list', { status: 'sent' }, { cookie: o.cookie });
    expect(list.body.data.list[0]).toMatchObject({ id: o.id, days_left: 3, expires_at: '2026-05-13T02:00:00.000Z' });

    await later(HOUR);
    expect(notices()).toHaveLength(0);
    await later(24 * HOUR);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]?.notice).toMatchObject({
      kind: 'esign-reminder',
      params: ['提醒居间公司', '王五 借款签署文件', '2026-05-13 10:00'],
    });
    // The next hourly sweeps do not text again.
    await later(HOUR);
    await later(HOUR);
    expect(notices()).toHaveLength(1);
    // A day before expiry: the second, once.
    await later(22 * HOUR);
    expect(notices()).toHaveLength(2);
    await later(HOUR);
    expect(notices()).toHaveLength(2);
    const waiting = await post<{ list: EsignOrderSummary[] }>(
      '/api/esign/list',
      { status: 'sent' },
      { cookie: o.cookie },
    );
    expect(waiting.body.data.list[0]).toMatchObject({ days_left: 1 });

    await later(23 * HOUR);
    const expired = await post<{ status: string; status_label: string }>(
      '/api/esign/order',
      { id: o.id },
      { cookie: o.cookie },
    );
    expect(expired.body.data).toMatchObject({ status: 'expired', status_label: '已过期' });
    expect((await post('/api/esign/signer/start', { token: o.token })).body).toMatchObject({
      code: 1,
      msg: '签署链接无效或已过期，请联系业务员重新发送',
    });
    expect((await post('/api/esign/resend', { id: o.id }, { cookie: o.cookie })).body).toMatchObject({
      code: 1,
      msg: '该签署单已过期，请重新发起',
    });
    const evidence = await post<EsignEvidence>('/api/esign/evidence', { id: o.id }, { cookie: o.cookie });
    const types = evidence.body.data.events.map((e) => e.type);
    expect(types.filter((t) => t === 'reminded')).toHaveLength(2);
    expect(types.at(-1)).toBe('expired');
    expect(evidence.body.data.chain.intact).toBe(true);
    // No more texts for an order that is over.
    await later(48 * HOUR);
    expect(notices()).toHaveLength(2);
  });

  it('a cancelled order is never reminded; another salesperson does not see the waiting order', async () => {
    const o = await sentOrder(7);
    const theirs = await post<{ list: EsignOrderSummary[] }>(
      '/api/esign/list',
      { status: 'sent' },
      { cookie: o.otherCookie },
    );
    expect(theirs.body.data.list.map((r) => r.id)).not.toContain(o.id);
    await test.app.inject({
      method: 'POST',
      url: '/api/esign/cancel',
      payload: { id: o.id },
      headers: { cookie: o.cookie },
    });
    await later(6 * 24 * HOUR + HOUR);
    expect(test.sms.notices.filter((n) => n.phone === o.phone)).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { ConsentStatus } from '@crm/domain/api/consent';
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from '@crm/domain/consent';
import { API_CODE } from '@crm/domain/api/envelope';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { postJson } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { CONSENT_TEXTS as T } from './consent.texts.ts';

/*
 * Decision 073: a case's client consents to the processing of their personal financial information by
 * confirming a link with the code texted to the case's phone, or by a signed paper form whose photo the
 * salesperson uploads; without consent in force (never given, or withdrawn) the case cannot move past
 * intake, its signing task cannot be taken, and no e-sign documents go out.
 */

let clock = new Date('2026-11-20T02:00:00Z');
const test = testAppForFile({ now: () => clock });
const tick = () => {
  // Past the SMS resend wait, so each test may ask for its own code.
  clock = new Date(clock.getTime() + 61_000);
};

const post = <T = unknown>(url: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
  postJson<T>(test.app, url, payload, { ...headers, ...(cookie ? { cookie } : {}) });

let phoneSerial = 0;
async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id, name: '王业务' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '李组长' });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  const signer = await createStaff(test.db, corp.id, { jobs: [2] });
  const other = await createCompany(test.db);
  const stranger = await createStaff(test.db, other.id, { isLeader: true });
  phoneSerial += 1;
  const phone = `1371234${String(5000 + phoneSerial)}`;
  const theCase = await createCase(test.db, owner, { name: '邵客户', phone }, { consent: false });
  const [task] = await test.db
    .insert(signTasks)
    .values({ corpId: corp.id, clientId: theCase.id, createdAt: clock })
    .returning();
  return {
    theCase,
    phone,
    taskId: task?.id ?? 0,
    owner: await staffCookie(test, owner),
    leader: await staffCookie(test, leader),
    colleague: await staffCookie(test, colleague),
    signer: await staffCookie(test, signer),
    stranger: await staffCookie(test, stranger),
  };
}

const statusOf = async (cookie: string, caseId: number) =>
  (await post<ConsentStatus>('/api/crm/consentStatus', { case_id: caseId }, cookie)).body;
const move = (cookie: string, id: number, status: number, reason = '') =>
  post('/api/crm/updateClientStatus', { id, status, reason }, cookie);
const tokenOf = (link: string) => new URL(link).searchParams.get('t') ?? '';

/** The client's own round: opens the link, asks for the code, confirms it from their phone's browser. */
async function confirmLink(token: string, phone: string) {
  tick();
  expect((await post('/api/consent/code', { token })).body).toMatchObject({ code: 0, msg: T.codeSent });
  const code = test.sms.lastCodeFor(phone) ?? '';
  return post('/api/consent/confirm', { token, code }, undefined, { 'user-agent': 'Mozilla/5.0 (iPhone) 客户手机' });
}

describe('consent gate', () => {
  it('refuses every step past intake without consent, naming it, and lets the case end', async () => {
    const w = await world();
    expect((await statusOf(w.owner, w.theCase.id)).data).toMatchObject({
      state: 'none',
      state_label: '未授权',
      given: null,
      can_manage: true,
      current_version: CURRENT_CONSENT_VERSION,
    });
    // The leader may move 签约中 → 审批中, but not without the client's consent.
    const refused = await move(w.leader, w.theCase.id, 3);
    expect(refused.body).toMatchObject({ code: API_CODE.refused, msg: T.missing });
    expect(T.missing).toContain('个人信息授权');
    // The signing centre cannot take the task, and no e-sign documents are drawn.
    expect((await post('/api/crm/takeTask', { id: w.taskId }, w.signer)).body).toMatchObject({ msg: T.missing });
    expect((await post('/api/esign/add', { user_id: w.theCase.id }, w.owner)).body).toMatchObject({
      code: API_CODE.refused,
      msg: T.missing,
    });
    // Ending the case needs no consent: the client may walk away.
    expect((await move(w.owner, w.theCase.id, 9, '客户不办了')).body.code).toBe(0);
  });
});

describe('consent by the SMS link', () => {
  it('shows the text, confirms with the code from the case phone, keeps the evidence, then lets the case move', async () => {
    const w = await world();
    const requested = await post<{ link: string; expires_at: string }>(
      '/api/crm/consentRequest',
      { case_id: w.theCase.id },
      w.owner,
    );
    expect(requested.body).toMatchObject({ code: 0, msg: T.requested });
    expect(requested.body.data.link).toMatch(/\/interface\/consent\?t=[\w-]{40,}$/);
    const token = tokenOf(requested.body.data.link);
    expect((await statusOf(w.owner, w.theCase.id)).data.state).toBe('requested');

    const view = await post<{ client_name: string; phone: string; paragraphs: string[]; text_version: string }>(
      '/api/consent/view',
      { token },
    );
    expect(view.body.data).toMatchObject({
      client_name: '邵**',
      phone: `${w.phone.slice(0, 3)}****${w.phone.slice(-4)}`,
      text_version: CURRENT_CONSENT_VERSION,
      paragraphs: [...(CONSENT_TEXTS[CURRENT_CONSENT_VERSION]?.paragraphs ?? [])],
    });
    // A wrong code gives nothing.
    tick();
    await post('/api/consent/code', { token });
    const wrong = await post('/api/consent/confirm', {
      token,
      code: '000000' === test.sms.lastCodeFor(w.phone) ? '111111' : '000000',
    });
    expect(wrong.body.code).not.toBe(0);
    expect((await statusOf(w.owner, w.theCase.id)).data.state).toBe('requested');

    const confirmed = await confirmLink(token, w.phone);
    expect(confirmed.body).toMatchObject({ code: 0, msg: T.confirmed });
    const status = (await statusOf(w.leader, w.theCase.id)).data;
    expect(status).toMatchObject({
      state: 'given',
      state_label: '已授权',
      given: {
        method: 'sms',
        text_version: CURRENT_CONSENT_VERSION,
        given_at: clock.toISOString(),
        recorded_by_name: '王业务',
        user_agent: 'Mozilla/5.0 (iPhone) 客户手机',
        photo: null,
      },
    });
    expect(status.given?.ip).toMatch(/\d/);
    // The link is spent: it neither opens nor confirms again.
    expect((await post('/api/consent/view', { token })).body).toMatchObject({
      code: API_CODE.refused,
      msg: T.linkInvalid,
    });
    // A second request while consent is in force is refused.
    expect((await post('/api/crm/consentRequest', { case_id: w.theCase.id }, w.owner)).body.msg).toBe(T.alreadyGiven);
    expect((await move(w.leader, w.theCase.id, 3)).body.code).toBe(0);
  });

  it('lets a new link replace the old one, and refuses an expired or unknown link', async () => {
    const w = await world();
    const first = await post<{ link: string }>('/api/crm/consentRequest', { case_id: w.theCase.id }, w.owner);
    const second = await post<{ link: string }>('/api/crm/consentRequest', { case_id: w.theCase.id }, w.owner);
    expect((await post('/api/consent/view', { token: tokenOf(first.body.data.link) })).body.msg).toBe(T.linkInvalid);
    expect((await post('/api/consent/view', { token: tokenOf(second.body.data.link) })).body.code).toBe(0);
    const unknown = await post('/api/consent/view', { token: 'x'.repeat(43) });
    expect(unknown.body).toMatchObject({ code: API_CODE.refused, msg: T.linkInvalid });
    const saved = clock;
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    expect((await post('/api/consent/view', { token: tokenOf(second.body.data.link) })).body.msg).toBe(T.linkInvalid);
    clock = saved;
  });
});

describe('consent by a photo of the signed paper form, and its withdrawal', () => {
  it('records the photo, serves it only to who may read the case, and a withdrawal stops the case again', async () => {
    const w = await world();
    const notImage = await postFile(
      test,
      '/api/crm/consentUpload',
      { case_id: w.theCase.id },
      Buffer.from('%PDF-1.4 not a photo'),
      {
        cookie: w.owner,
      },
    );
    expect(notImage.json()).toMatchObject({ code: API_CODE.refused });
    const uploaded = await postFile(
      test,
      '/api/crm/consentUpload',
      { case_id: w.theCase.id },
      await makeJpeg({ width: 320, height: 240 }),
      {
        cookie: w.owner,
      },
    );
    const body = uploaded.json<{ code: number; msg: string; data: ConsentStatus }>();
    expect(body).toMatchObject({
      code: 0,
      msg: T.uploaded,
      data: { state: 'given', given: { method: 'paper', ip: null } },
    });
    const photo = body.data.given?.photo;
    expect(photo?.url).toMatch(/^\/common\/img\/\d+\?/);
    const image = await test.app.inject({ method: 'GET', url: photo?.url ?? '', headers: { cookie: w.owner } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // Another staff member's signature does not open it (the link is the owner's).
    const other = await test.app.inject({ method: 'GET', url: photo?.url ?? '', headers: { cookie: w.colleague } });
    expect(other.statusCode).toBe(403);
    // A second photo while consent is in force is refused.
    const again = await postFile(
      test,
      '/api/crm/consentUpload',
      { case_id: w.theCase.id },
      await makeJpeg({ width: 320, height: 240 }),
      {
        cookie: w.owner,
      },
    );
    expect(again.json()).toMatchObject({ msg: T.alreadyGiven });

    expect((await move(w.leader, w.theCase.id, 3)).body.code).toBe(0);

    // Withdrawal: a reason is needed, then it is recorded and the case stops.
    const noReason = await post('/api/crm/consentWithdraw', { case_id: w.theCase.id, reason: ' ' }, w.owner);
    expect(noReason.body).toMatchObject({ code: API_CODE.refused, msg: '请填写撤回原因' });
    clock = new Date(clock.getTime() + 3600_000);
    const withdrawn = await post(
      '/api/crm/consentWithdraw',
      { case_id: w.theCase.id, reason: '客户来电撤回' },
      w.owner,
    );
    expect(withdrawn.body).toMatchObject({ code: 0, msg: T.withdrawnDone });
    expect((await statusOf(w.owner, w.theCase.id)).data).toMatchObject({
      state: 'withdrawn',
      given: null,
      withdrawal: { withdrawn_at: clock.toISOString(), withdrawn_by_name: '王业务', reason: '客户来电撤回' },
    });
    expect((await move(w.leader, w.theCase.id, 5)).body).toMatchObject({ code: API_CODE.refused, msg: T.withdrawn });
    expect((await post('/api/crm/consentWithdraw', { case_id: w.theCase.id, reason: '再撤' }, w.owner)).body.msg).toBe(
      T.noneToWithdraw,
    );
    // A new consent (a fresh link confirmed) lets it go on.
    const link = await post<{ link: string }>('/api/crm/consentRequest', { case_id: w.theCase.id }, w.owner);
    expect((await confirmLink(tokenOf(link.body.data.link), w.phone)).body.code).toBe(0);
    expect((await move(w.leader, w.theCase.id, 5)).body.code).toBe(0);
  });
});

describe('the case list shows whose consent is in force', () => {
  const listed = async (cookie: string, id: number, scope = 'mine') =>
    (
      await post<{ list: { id: number; consent: boolean }[] }>(
        '/api/crm/clientList',
        { keyword: '', status: 0, scope },
        cookie,
      )
    ).body.data.list.find((item) => item.id === id);

  it('answers consent false until given, true while in force, false again after a withdrawal', async () => {
    const w = await world();
    expect(await listed(w.owner, w.theCase.id)).toMatchObject({ consent: false });
    const link = await post<{ link: string }>('/api/crm/consentRequest', { case_id: w.theCase.id }, w.owner);
    // A link sent but not confirmed is no consent yet.
    expect(await listed(w.owner, w.theCase.id)).toMatchObject({ consent: false });
    expect((await confirmLink(tokenOf(link.body.data.link), w.phone)).body.code).toBe(0);
    expect(await listed(w.owner, w.theCase.id)).toMatchObject({ consent: true });
    // The leader's list (another query: the team's cases) says the same.
    expect(await listed(w.leader, w.theCase.id, 'team')).toMatchObject({ consent: true });
    await post('/api/crm/consentWithdraw', { case_id: w.theCase.id, reason: '客户撤回' }, w.owner);
    expect(await listed(w.owner, w.theCase.id)).toMatchObject({ consent: false });
  });
});

describe('who may see and change a case consent', () => {
  it('refuses bad input, a colleague outside the case and another company', async () => {
    const w = await world();
    const bad = await post('/api/crm/consentRequest', { case_id: 'abc' }, w.owner);
    expect(bad.body.code).toBe(API_CODE.refused);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const badToken = await post('/api/consent/confirm', { token: 'short', code: '12' });
    expect(badToken.body.code).toBe(API_CODE.refused);
    expect(badToken.body.msg).toMatch(/[\u4e00-\u9fff]/);

    for (const url of ['/api/crm/consentRequest', '/api/crm/consentStatus']) {
      expect((await post(url, { case_id: w.theCase.id }, w.colleague)).status).toBe(403);
      expect((await post(url, { case_id: w.theCase.id }, w.stranger)).status).toBe(404);
    }
    expect(
      (await post('/api/crm/consentWithdraw', { case_id: w.theCase.id, reason: '撤回' }, w.colleague)).status,
    ).toBe(403);
    const upload = await postFile(
      test,
      '/api/crm/consentUpload',
      { case_id: w.theCase.id },
      await makeJpeg({ width: 64, height: 64 }),
      {
        cookie: w.stranger,
      },
    );
    expect(upload.statusCode).toBe(404);
    // Without a session the staff calls answer 401.
    expect((await post('/api/crm/consentStatus', { case_id: w.theCase.id })).status).toBe(401);
    expect((await statusOf(w.owner, w.theCase.id)).data.state).toBe('none');
  });
});

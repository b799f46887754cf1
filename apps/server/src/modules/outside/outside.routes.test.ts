import { eq } from 'drizzle-orm';
import { maskPhone } from '@crm/domain/validation';
import { describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/cases.ts';
import { outsidePartners, outsideReferrals } from '../../db/schema/outside.ts';
import { sessions } from '../../db/schema/auth.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { uniquePhone } from '../../test/factories.ts';
import { caseForm, createBankAndProduct, createCase, uniqueIdNumber } from '../../test/factories-cases.ts';
import { createOutsideChannel, createPartner, createReferral, partnersWith } from '../../test/factories-outside.ts';
import { getForBody, postForBody } from '../../test/http.ts';
import { sessionCookie } from '../../test/sessions.ts';
import { teamWorld } from '../../test/sales-world.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type Page = { list: Record<string, unknown>[]; next_cursor: number | null };

const START = new Date('2026-03-02T08:00:00Z');
let clock = START;
const test = testAppForFile({ now: () => clock });

const DAY = 86_400_000;
let phoneSerial = 0;
/** A phone number no other case or referral of this file uses. */
const freshPhone = () => uniquePhone('135', ++phoneSerial, 9973);

const post = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  fields: Record<string, string | number> = {},
) => postForBody<Body<T>>(test.app, url.startsWith('/') ? url : `/api/crm/${url}`, fields, cookie ? { cookie } : {});
const get = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) => getForBody<Body<T>>(test.app, url.startsWith('/') ? url : `/api/crm/${url}`, query, { cookie, headers });

/** teamWorld, the session of any partner, and a way to add a partner of the salesperson, signed in. */
async function world() {
  const team = await teamWorld(test);
  const partnerCookie = (partner: { corpId: number; id: number }) =>
    sessionCookie(test, { kind: 'partner', corpId: partner.corpId, partnerId: partner.id });
  const signedInPartner = async () => {
    const partner = await createPartner(test.db, team.sales);
    return { partner, cookie: await partnerCookie(partner) };
  };
  return { ...team, partnerCookie, signedInPartner };
}

/** Sends a partner's SMS code and answers it as the phone received it. */
async function codeFor(phone: string) {
  const sent = await post(undefined, '/common/smsCode', { phone, scene: 'outside' });
  if (sent.body.code !== 0) throw new Error(sent.body.msg);
  const code = test.sms.lastCodeFor(phone);
  if (!code) throw new Error('no code sent');
  return code;
}

async function register(inviteCode: string, corpId: number, phone = freshPhone(), name = '李伙伴') {
  const code = await codeFor(phone);
  const response = await postForBody<Body>(test.app, '/api/crm/outsideRegister', {
    name,
    phone,
    code,
    invite_code: inviteCode,
    corp_id: corpId,
  });
  return response;
}

const referral = (overrides: Record<string, string> = {}) => ({
  name: '赵客户',
  phone: freshPhone(),
  id_number: uniqueIdNumber(),
  amount: '80000',
  remarks: '想做车贷',
  ...overrides,
});

describe('partner identity: invite, register, login', () => {
  it('registers a partner from a staff invite; the account waits for approval and holds no secret', async () => {
    const w = await world();
    const invite = await post<{ invite_code: string; link: string }>(w.cookies.sales, 'ysbInvite');
    expect(invite.body.data?.link).toMatch(/\/outside\/register\?invite=[2-9A-HJKMNP-Z]{8}&corp=\d+$/);
    const code = invite.body.data?.invite_code ?? '';
    // The same code every time it is asked for.
    expect((await post<{ invite_code: string }>(w.cookies.sales, 'ysbInvite')).body.data?.invite_code).toBe(code);

    const preview = await get(undefined, 'outsideInvite', { code });
    expect(preview.body.data).toEqual({
      corp_id: w.corp.id,
      corp_name: w.corp.name,
      inviter_name: expect.stringMatching(/^员\*+$/),
    });

    const phone = freshPhone();
    const registered = await register(code, w.corp.id, phone, '李伙伴');
    expect(registered.body).toMatchObject({
      code: 0,
      msg: '注册成功',
      data: {
        name: '李伙伴',
        // The partner's own phone, masked like every number (decision 065).
        phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
        status: 0,
        status_label: '待审核',
        protection_days: 30,
        inviter_name: w.sales.name,
      },
    });
    const [stored] = await partnersWith(test.db, { phone });
    expect(stored).toMatchObject({ staffId: w.sales.id, parentId: null, status: 0 });
    expect(Object.keys(stored ?? {})).not.toContain('password');
    const [session] = await test.db
      .select()
      .from(sessions)
      .where(eq(sessions.partnerId, stored?.id ?? 0));
    expect(session?.kind).toBe('partner');

    // The same phone again (a minute later, past the resend limit): told to log in, nothing made.
    clock = new Date(clock.getTime() + 61_000);
    const again = await register(code, w.corp.id, phone);
    expect(again.body).toMatchObject({ code: 1, msg: '该手机号已注册，请直接登录' });
  });

  it('sends a partner code to any phone, but a staff login code only to staff', async () => {
    const phone = freshPhone();
    await post(undefined, '/common/smsCode', { phone });
    expect(test.sms.lastCodeFor(phone)).toBeUndefined();
    clock = new Date(clock.getTime() + 61_000);
    await post(undefined, '/common/smsCode', { phone, scene: 'outside' });
    expect(test.sms.lastCodeFor(phone)).toMatch(/^\d{6}$/);
  });

  it('refuses bad registrations: a malformed or unknown invite, another company, a wrong code, a waiting inviter', async () => {
    const w = await world();
    const code = (await post<{ invite_code: string }>(w.cookies.sales, 'ysbInvite')).body.data?.invite_code ?? '';
    const malformed = await register('abc', w.corp.id);
    expect(malformed.body.code).toBe(1);
    expect(malformed.body.msg).toBe('邀请码格式不正确');
    expect((await register('ZZZZZZZZ', w.corp.id)).body.msg).toBe('邀请码无效或已失效，请向邀请人重新索取');
    expect((await register(code, w.outsider.corpId)).body.msg).toBe('邀请码与所选公司不符');
    const phone = freshPhone();
    await codeFor(phone);
    const wrong = await postForBody<Body>(test.app, '/api/crm/outsideRegister', {
      name: '王五',
      phone,
      code: '000000',
      invite_code: code,
      corp_id: w.corp.id,
    });
    expect(wrong.body.msg).toBe('验证码输入错误');
    expect(await partnersWith(test.db, { phone })).toEqual([]);
    // A partner still waiting for approval cannot invite, and a code made before cannot be used.
    const waiting = await createPartner(test.db, w.sales, { status: 0 });
    const refused = await post(await w.partnerCookie(waiting), 'ysbInvite');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('账号审核通过后才能使用此功能');
  });

  it('logs a registered partner in by SMS code and tells an unknown phone to register', async () => {
    const w = await world();
    const partner = await createPartner(test.db, w.sales);
    const unknown = freshPhone();
    const refused = await postForBody<Body>(test.app, '/api/crm/outsideLogin', {
      corp_id: w.corp.id,
      phone: unknown,
      code: await codeFor(unknown),
    });
    expect(refused.body.msg).toBe('该手机号尚未注册，请通过邀请链接注册');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/outsideLogin',
      payload: { corp_id: w.corp.id, phone: partner.phone, code: await codeFor(partner.phone) },
    });
    expect(response.json()).toMatchObject({ code: 0, data: { id: partner.id, status: 1, status_label: '已通过' } });
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await get(cookie, 'getOutsideUser')).body.data).toMatchObject({ id: partner.id, corp_name: w.corp.name });
    expect((await get(undefined, 'getOutsideUser')).status).toBe(401);
  });

  it('keeps partners and staff out of each other’s routes', async () => {
    const w = await world();
    const { cookie: partnerCookie } = await w.signedInPartner();
    expect((await post(partnerCookie, 'clientList')).status).toBe(403);
    expect((await post(partnerCookie, 'ysbUser')).status).toBe(403);
    expect((await get(w.cookies.sales, 'outsideClientList')).status).toBe(403);
    expect((await get(w.cookies.sales, 'getOutsideUser')).status).toBe(403);
  });
});

describe('approval by the network’s staff', () => {
  it('lists the partners a salesperson brought, and a leader the team’s', async () => {
    const w = await world();
    const mine = await createPartner(test.db, w.sales, { status: 0 });
    const colleagues = await createPartner(test.db, w.colleague);
    const list = await post<Page>(w.cookies.sales, 'ysbUser', { status: 0 });
    expect(list.body.data?.list.map((row) => row.id)).toEqual([mine.id]);
    expect(list.body.data?.list[0]).toMatchObject({ status_label: '待审核', phone: expect.stringContaining('****') });
    const team = await post<Page>(w.cookies.leader, 'ysbUser', { scope: 'team' });
    expect(team.body.data?.list.map((row) => row.id)).toEqual([colleagues.id, mine.id]);
    expect((await post(w.cookies.sales, 'ysbUser', { scope: 'team' })).status).toBe(403);
    expect((await post<Page>(w.cookies.stranger, 'ysbUser', { scope: 'team' })).body.data?.list).toEqual([]);
  });

  it('approves or declines (with a reason) once; other teams and companies cannot', async () => {
    const w = await world();
    const waiting = await createPartner(test.db, w.sales, { status: 0 });
    expect((await post(w.cookies.stranger, 'ysbAudit', { id: waiting.id, pass: '1' })).status).toBe(403);
    expect((await post(w.cookies.colleague, 'ysbAudit', { id: waiting.id, pass: '1' })).status).toBe(403);
    expect((await post(w.cookies.outsider, 'ysbAudit', { id: waiting.id, pass: '1' })).status).toBe(404);
    expect((await post(w.cookies.sales, 'ysbAudit', { id: 'x', pass: '1' })).body.code).toBe(1);
    expect((await post(w.cookies.sales, 'ysbAudit', { id: waiting.id, pass: '0' })).body.msg).toBe(
      '请填写不通过的原因',
    );
    const declined = await post(w.cookies.leader, 'ysbAudit', { id: waiting.id, pass: '0', reason: '资料不全' });
    expect(declined.body).toMatchObject({ code: 0, data: { status: 2, status_label: '未通过' } });
    expect((await post(w.cookies.sales, 'ysbAudit', { id: waiting.id, pass: '1' })).body.msg).toBe(
      '该合作伙伴已审核，请刷新',
    );
    const account = await get(await w.partnerCookie(waiting), 'getOutsideUser');
    expect(account.body.data).toMatchObject({ status: 2, decline_reason: '资料不全' });
  });
});

describe('referrals and their protection period', () => {
  it('protects a referral for the company’s period and lists it masked, in full on its own detail', async () => {
    const w = await world();
    const { cookie } = await w.signedInPartner();
    const form = referral();
    const saved = await post<{ id: number; protected_until: string }>(cookie, 'updateOutsideClient', form);
    expect(saved.body).toMatchObject({ code: 0, msg: '报备成功' });
    expect(saved.body.data?.protected_until).toBe(new Date(clock.getTime() + 30 * DAY).toISOString());
    const list = await get<Page>(cookie, 'outsideClientList');
    expect(list.body.data?.list[0]).toMatchObject({
      id: saved.body.data?.id,
      phone: `${form.phone.slice(0, 3)}****${form.phone.slice(-4)}`,
      status: 1,
      status_label: '保护中',
      amount_fen: 8_000_000,
    });
    const detail = await get(cookie, 'outsideClientDetail', { id: saved.body.data?.id ?? 0 });
    expect(detail.body.data).toMatchObject({
      phone: form.phone,
      id_number: form.id_number,
      can_edit: true,
      can_convert: false,
    });
  });

  it('refuses bad referrals: empty fields, a bad ID number, another company’s product, a partner not approved', async () => {
    const w = await world();
    const { cookie } = await w.signedInPartner();
    const empty = await post(cookie, 'updateOutsideClient', {});
    expect(empty.body.code).toBe(1);
    expect(empty.body.msg).toBe('客户姓名必填');
    expect((await post(cookie, 'updateOutsideClient', referral({ id_number: '110101199003070001' }))).body.msg).toBe(
      '身份证号码校验失败，请核对',
    );
    const { product } = await createBankAndProduct(test.db, w.outsider.corpId);
    expect((await post(cookie, 'updateOutsideClient', referral({ product_id: String(product.id) }))).body.msg).toBe(
      '产品无效',
    );
    const waiting = await createPartner(test.db, w.sales, { status: 0 });
    const refused = await post(await w.partnerCookie(waiting), 'updateOutsideClient', referral());
    expect(refused.status).toBe(403);
    expect(await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.partnerId, waiting.id))).toEqual([]);
  });

  it('answers 已被报备 to anyone else referring the same phone or ID number, and never says who holds it', async () => {
    const w = await world();
    const first = await createPartner(test.db, w.sales);
    const second = await createPartner(test.db, w.stranger);
    const form = referral();
    expect((await post(await w.partnerCookie(first), 'updateOutsideClient', form)).body.code).toBe(0);
    const samePhone = await post(await w.partnerCookie(second), 'updateOutsideClient', referral({ phone: form.phone }));
    expect(samePhone.body).toEqual({ code: 1, msg: '该客户已被报备', data: null });
    const sameId = await post(
      await w.partnerCookie(second),
      'updateOutsideClient',
      referral({ id_number: form.id_number }),
    );
    expect(sameId.body.msg).toBe('该客户已被报备');
    // The first partner again: held too (one protected referral per person).
    expect(
      (await post(await w.partnerCookie(first), 'updateOutsideClient', referral({ phone: form.phone }))).body.msg,
    ).toBe('该客户已被报备');
    // A client with an open case of the company is held by it.
    const c = await createCase(test.db, w.sales, { phone: freshPhone() });
    expect(
      (await post(await w.partnerCookie(second), 'updateOutsideClient', referral({ phone: c.phone }))).body.msg,
    ).toBe('该客户已被报备');
  });

  it('releases a referral whose protection ran out: the partner sees 已失效 and someone else may refer the client', async () => {
    const w = await world();
    const first = await createPartner(test.db, w.sales);
    const second = await createPartner(test.db, w.colleague);
    const form = referral();
    const saved = await post<{ id: number }>(await w.partnerCookie(first), 'updateOutsideClient', form);
    const before = clock;
    clock = new Date(clock.getTime() + 30 * DAY + 1);
    try {
      const mine = await get<Page>(await w.partnerCookie(first), 'outsideClientList', { status: 3 });
      expect(mine.body.data?.list.map((row) => [row.id, row.status_label])).toEqual([[saved.body.data?.id, '已失效']]);
      expect(
        (await post(await w.partnerCookie(first), 'updateOutsideClient', { ...form, id: saved.body.data?.id ?? 0 }))
          .body.msg,
      ).toBe('只能修改自己保护期内的报备');
      const again = await post(await w.partnerCookie(second), 'updateOutsideClient', referral({ phone: form.phone }));
      expect(again.body.code).toBe(0);
      const [released] = await test.db
        .select()
        .from(outsideReferrals)
        .where(eq(outsideReferrals.id, saved.body.data?.id ?? 0));
      expect(released?.status).toBe(3);
    } finally {
      clock = before;
    }
  });

  it('lets a partner correct a protected referral of their own, keeping its protection date', async () => {
    const w = await world();
    const { cookie } = await w.signedInPartner();
    const form = referral();
    const saved = await post<{ id: number; protected_until: string }>(cookie, 'updateOutsideClient', form);
    clock = new Date(clock.getTime() + DAY);
    const corrected = await post<{ protected_until: string }>(cookie, 'updateOutsideClient', {
      ...form,
      id: saved.body.data?.id ?? 0,
      name: '赵客户改',
    });
    expect(corrected.body.data?.protected_until).toBe(saved.body.data?.protected_until);
    const other = await createPartner(test.db, w.sales);
    expect(
      (await post(await w.partnerCookie(other), 'updateOutsideClient', { ...form, id: saved.body.data?.id ?? 0 })).body
        .msg,
    ).toBe('只能修改自己保护期内的报备');
  });

  it('shows a partner their own and their sub-partners’ referrals only; a sub-partner’s masked', async () => {
    const w = await world();
    const parent = await createPartner(test.db, w.sales);
    const child = await createPartner(test.db, w.sales, { parentId: parent.id });
    const stranger = await createPartner(test.db, w.sales);
    const childRef = await createReferral(test.db, child, {
      protectedUntil: new Date(clock.getTime() + DAY),
      idNumber: uniqueIdNumber(),
    });
    const strangerRef = await createReferral(test.db, stranger, { protectedUntil: new Date(clock.getTime() + DAY) });
    const cookie = await w.partnerCookie(parent);
    const team = await get<Page>(cookie, 'outsideClientList', { scope: 'team' });
    expect(team.body.data?.list.map((row) => row.id)).toEqual([childRef.id]);
    const detail = await get(cookie, 'outsideClientDetail', { id: childRef.id });
    expect(detail.body.data).toMatchObject({ phone: expect.stringContaining('****'), can_edit: false });
    expect(detail.body.data?.id_number).not.toBe(childRef.idNumber);
    expect((await get(cookie, 'outsideClientDetail', { id: strangerRef.id })).status).toBe(404);
    expect((await get(await w.partnerCookie(child), 'outsideClientDetail', { id: childRef.id })).body.data?.phone).toBe(
      childRef.phone,
    );
    expect((await get(cookie, 'outsideClientDetail', { id: 'abc' })).body.code).toBe(1);
    const subs = await get<Page>(cookie, 'getOutsideUserTeam');
    expect(subs.body.data?.list.map((row) => [row.id, row.counts])).toEqual([
      [child.id, { protected: 1, converted: 0, released: 0 }],
    ]);
  });
});

describe('a referral becomes an instalment case', () => {
  it('converts on the salesperson’s add form; the partner then follows the case’s status, not its notes', async () => {
    const w = await world();
    const { partner, cookie } = await w.signedInPartner();
    const form = referral();
    const saved = await post<{ id: number }>(cookie, 'updateOutsideClient', form);
    const id = saved.body.data?.id ?? 0;

    // Around the referral, a staff member cannot take the client, nor move a case of theirs onto them.
    const around = await post(w.cookies.colleague, 'addClient', caseForm({ phone: form.phone }));
    expect(around.body.msg).toBe('该客户在合作伙伴报备保护期内，请从合作伙伴报备转为报单');
    const ownCase = await createCase(test.db, w.colleague, { phone: freshPhone() });
    const moved = await post(w.cookies.colleague, 'updateClient', {
      ...caseForm({ phone: form.phone }),
      id: ownCase.id,
    });
    expect(moved.body.msg).toBe('该客户在合作伙伴报备保护期内，请从合作伙伴报备转为报单');
    expect(
      (await post(w.cookies.colleague, 'updateClient', { ...caseForm({ phone: ownCase.phone }), id: ownCase.id })).body
        .code,
    ).toBe(0);

    const staffView = await post(w.cookies.sales, 'ysbOutsideClient', { id });
    // The referral's numbers are masked in its detail (decision 065); the case form reveals them, logged.
    expect(staffView.body.data).toMatchObject({
      phone: maskPhone(form.phone),
      can_convert: true,
      partner_name: partner.name,
    });
    const revealed = await post(w.cookies.sales, 'revealReferral', { id, field: 'phone' });
    expect(revealed.body.data).toEqual({ value: form.phone });
    expect((await post(w.cookies.stranger, 'revealReferral', { id, field: 'phone' })).status).toBe(403);
    expect((await post(w.cookies.stranger, 'ysbOutsideClient', { id })).status).toBe(403);
    expect((await post(w.cookies.outsider, 'ysbOutsideClient', { id })).status).toBe(404);
    expect(
      (await post(w.cookies.stranger, 'addClient', { ...caseForm({ phone: form.phone }), outside_client_id: id }))
        .status,
    ).toBe(403);

    const made = await post<{ id: number }>(w.cookies.sales, 'addClient', {
      ...caseForm({ phone: form.phone, id_number: form.id_number, name: form.name }),
      outside_client_id: id,
    });
    expect(made.body.code).toBe(0);
    const caseId = made.body.data?.id ?? 0;
    const listed = await get<Page>(cookie, 'outsideClientList');
    expect(listed.body.data?.list[0]).toMatchObject({
      id,
      status: 2,
      status_label: '已转报单',
      case_status_label: '签约中',
    });
    await test.db.update(clients).set({ status: 3, rejectNote: '内部备注' }).where(eq(clients.id, caseId));
    const detail = await get(cookie, 'outsideClientDetail', { id });
    expect(detail.body.data).toMatchObject({
      case_id: caseId,
      case_status: 3,
      case_status_label: '审批中',
      can_edit: false,
    });
    expect(JSON.stringify(detail.body)).not.toContain('内部备注');
    // Converted once: a second conversion is refused and makes no second case.
    const twice = await post(w.cookies.sales, 'addClient', {
      ...caseForm({ phone: freshPhone() }),
      outside_client_id: id,
    });
    expect(twice.body.msg).toBe('该报备已不在保护期内，无法转为报单');
  });

  it('lists a salesperson’s partners’ referrals and one partner’s, only for whom may see them', async () => {
    const w = await world();
    const partner = await createPartner(test.db, w.sales);
    const ref = await createReferral(test.db, partner, { protectedUntil: new Date(clock.getTime() + DAY) });
    expect((await post<Page>(w.cookies.sales, 'ysbClient')).body.data?.list.map((row) => row.id)).toEqual([ref.id]);
    expect((await post<Page>(w.cookies.sales, 'ysbClient', { partner_id: partner.id })).body.data?.list).toHaveLength(
      1,
    );
    expect(
      (await post<Page>(w.cookies.leader, 'ysbClient', { scope: 'team' })).body.data?.list.map((row) => row.id),
    ).toContain(ref.id);
    expect((await post(w.cookies.stranger, 'ysbClient', { partner_id: partner.id })).status).toBe(403);
    expect((await post(w.cookies.outsider, 'ysbClient', { partner_id: partner.id })).status).toBe(404);
    expect((await post<Page>(w.cookies.colleague, 'ysbClient')).body.data?.list).toEqual([]);
  });

  it('sums a leader’s team member by member', async () => {
    const w = await world();
    const partner = await createPartner(test.db, w.sales);
    await createPartner(test.db, w.sales, { status: 0 });
    await createReferral(test.db, partner, { protectedUntil: new Date(clock.getTime() + DAY) });
    const team = await post<Record<string, unknown>[]>(w.cookies.leader, 'ysbTeam');
    expect(team.body.data?.find((row) => row.staff_id === w.sales.id)).toEqual({
      staff_id: w.sales.id,
      staff_name: w.sales.name,
      partners: 2,
      pending: 1,
      counts: { protected: 1, converted: 0, released: 0 },
    });
    expect((await post(w.cookies.sales, 'ysbTeam')).status).toBe(403);
  });
});

describe('sub-partners, products and channels', () => {
  it('lets an approved partner invite a sub-partner, who joins the same staff network', async () => {
    const w = await world();
    const { partner, cookie } = await w.signedInPartner();
    const qr = await post<{ invite_code: string; png: string }>(cookie, 'ysbQrcode');
    const png = Buffer.from((qr.body.data?.png ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const registered = await register(qr.body.data?.invite_code ?? '', w.corp.id);
    expect(registered.body.data).toMatchObject({ inviter_name: partner.name, status: 0 });
    const [child] = await test.db.select().from(outsidePartners).where(eq(outsidePartners.parentId, partner.id));
    expect(child?.staffId).toBe(w.sales.id);
  });

  it('lists the company’s products and banks with their branches', async () => {
    const w = await world();
    const { bank, product } = await createBankAndProduct(test.db, w.corp.id);
    const cookie = await w.partnerCookie(await createPartner(test.db, w.sales));
    expect((await get<Record<string, unknown>[]>(cookie, 'outsideProduct')).body.data).toEqual([
      expect.objectContaining({ id: product.id, name: product.name }),
    ]);
    expect((await get<Record<string, unknown>[]>(cookie, 'outsideBank')).body.data?.map((row) => row.id)).toEqual([
      bank.id,
    ]);
    expect((await get(cookie, 'outsideBranchBank', { bank_id: bank.id })).body.data).toEqual([]);
    expect((await get(cookie, 'outsideBranchBank', { bank_id: 'x' })).body.code).toBe(1);
    expect((await get(cookie, '/common/outsideStatus')).body.data).toEqual([
      { value: 1, label: '保护中' },
      { value: 2, label: '已转报单' },
      { value: 3, label: '已失效' },
    ]);
  });

  it('keeps a partner’s channels their own: add, rename, file a referral, delete only from our pages', async () => {
    const w = await world();
    const { partner, cookie } = await w.signedInPartner();
    const other = await w.partnerCookie(await createPartner(test.db, w.sales));
    const added = await post<{ id: number }>(cookie, 'outsideChannelAdd', {
      name: '城东门店',
      contact: '小王',
      phone: '13800001111',
    });
    const channelId = added.body.data?.id ?? 0;
    expect((await post(cookie, 'outsideChannelAdd', { name: '' })).body.code).toBe(1);
    expect((await post(other, 'outsideChannelAdd', { id: channelId, name: '抢走' })).status).toBe(404);
    expect((await post(cookie, 'outsideChannelAdd', { id: channelId, name: '城东旗舰店' })).body.code).toBe(0);
    const ref = await createReferral(test.db, partner, { protectedUntil: new Date(clock.getTime() + DAY) });
    expect((await post(cookie, 'outsideAddChannel', { client_id: ref.id, channel_id: channelId })).body.code).toBe(0);
    expect((await post(other, 'outsideAddChannel', { client_id: ref.id, channel_id: channelId })).status).toBe(404);
    const list = await get<Page>(cookie, 'outsideChannelList');
    expect(list.body.data?.list).toEqual([
      expect.objectContaining({ id: channelId, name: '城东旗舰店', referrals: 1 }),
    ]);
    expect((await get(cookie, 'outsideClientDetail', { id: ref.id })).body.data?.channel_name).toBe('城东旗舰店');

    const crossSite = await get(
      cookie,
      'outsideDelChannel',
      { id: channelId },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    );
    expect(crossSite.status).toBe(403);
    expect((await get(other, 'outsideDelChannel', { id: channelId }, { 'sec-fetch-site': 'same-origin' })).status).toBe(
      404,
    );
    const removed = await get(
      cookie,
      'outsideDelChannel',
      { id: channelId },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    );
    expect(removed.body).toMatchObject({ code: 0, msg: '渠道已删除' });
    expect((await get<Page>(cookie, 'outsideChannelList')).body.data?.list).toEqual([]);
    expect((await get(cookie, 'outsideClientDetail', { id: ref.id })).body.data?.channel_id).toBeNull();
    const second = await createOutsideChannel(test.db, partner, '第二家');
    expect((await post(cookie, 'outsideAddChannel', { client_id: ref.id, channel_id: second.id })).body.code).toBe(0);
  });
});

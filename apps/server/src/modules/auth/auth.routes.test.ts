import { SmsSendError } from '../../adapters/sms/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { cookieFrom, loginAs, postForm } from '../../test/http.ts';
import { smsCodes } from '../../db/schema/auth.ts';
import { SMS_RULES, smsPhoneHash } from './auth.service.ts';
import { signWecomIdentity, WECOM_IDENTITY_COOKIE } from './wecom-identity.ts';

let clock = new Date('2026-11-21T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let corpA: { id: number };
let corpB: { id: number };
let person: { id: number; corpId: number; phone: string };

const test = testAppForFile({ now: () => clock });
beforeAll(async () => {
  corpA = await createCompany(test.db, '甲公司');
  corpB = await createCompany(test.db, '乙公司');
  person = await createStaff(test.db, corpA.id, { name: '测试员' });
});

const envelope = (response: { json: <T>() => T }) => response.json<{ code: number; msg: string; data: unknown }>();
/** The SMS login of the login page, outside WeCom. */
const smsLogin = (corpId: number, phone: string, code: string) =>
  postForm(test.app, '/api/crm/login', { corp_id: corpId, phone, code, wxworkid: null });
/** The WeCom identity cookie the server signs after the OAuth exchange, signed now on the test clock. */
const identityCookie = (corpId: number, userId: string) =>
  `${WECOM_IDENTITY_COOKIE}=${signWecomIdentity(test.config.sessionSecret, { corpId, userId }, clock.getTime())}`;
/** autoLogin to company A as this WeCom member, with the identity cookie the browser holds. */
const autoLogin = (wxworkid: string, identity: string) =>
  postForm(test.app, '/api/crm/autoLogin', { corp: corpA.id, wxworkid }, { cookie: identity });

describe('GET /api/crm/corp', () => {
  it('lists active companies as label/value options', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/corp' });
    expect(response.statusCode).toBe(200);
    const body = envelope(response);
    expect(body.code).toBe(0);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { label: '甲公司', value: corpA.id },
        { label: '乙公司', value: corpB.id },
      ]),
    );
  });
});

describe('POST /common/smsCode', () => {
  it('sends a 6-digit code to a staff phone and keeps only its hash, and no phone (decision 074)', async () => {
    const phone = '13911110001';
    await createStaff(test.db, corpA.id, { phone });
    const response = await postForm(test.app, '/common/smsCode', { phone });
    expect(envelope(response)).toMatchObject({ code: 0, msg: '发送成功，请注意查收' });
    const code = test.sms.lastCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    // The recording adapter does not reveal codes, as production's does not.
    expect(envelope(response).data).toEqual({});
    // Found by the phone's keyed hash; neither the code nor the phone is anywhere in the row.
    const stored = await test.db.execute(
      `select * from sms_codes where phone_hash = '${smsPhoneHash(test.config.sessionSecret, phone)}'`,
    );
    expect(stored.rows).toHaveLength(1);
    const rows = JSON.stringify(stored.rows);
    expect(rows).not.toContain(`"${code}"`);
    expect(rows).not.toContain(phone);
  });

  it.each([
    ['', '手机号码必填'],
    ['1391111', '手机号码格式错误'],
    ['12911110001', '手机号码格式错误'],
    ['139111100011', '手机号码格式错误'],
  ])('refuses the phone %j with %s', async (phone, msg) => {
    const response = await postForm(test.app, '/common/smsCode', { phone });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toMatchObject({ code: 1, msg, data: null });
  });

  it("answers a provider's failure with a refusal to retry, not a 500, and lets the next try through", async () => {
    const phone = '13911110009';
    await createStaff(test.db, corpA.id, { phone });
    test.sms.failNext(new SmsSendError({ providerCode: 'LimitExceeded.PhoneNumberDailyLimit' }));
    const failed = await postForm(test.app, '/common/smsCode', { phone });
    expect(failed.statusCode).toBe(200);
    expect(envelope(failed)).toEqual({ code: 1, msg: '短信发送失败，请稍后再试', data: null });
    // The unsent code holds no 60 s window: asking again at once sends one.
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).code).toBe(0);
    expect(test.sms.lastCodeFor(phone)).toMatch(/^\d{6}$/);
  });

  it('refuses a second code for the same phone within 59 s (the pages count 59 down), then allows it', async () => {
    const phone = '13911110002';
    await createStaff(test.db, corpA.id, { phone });
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).code).toBe(0);
    const again = await postForm(test.app, '/common/smsCode', { phone });
    expect(again.statusCode).toBe(429);
    expect(envelope(again).msg).toBe('发送过于频繁，请59秒后再试');
    const check = await test.app.inject({ method: 'GET', url: `/common/checkCaptcha?phone=${phone}` });
    expect(envelope(check).data).toMatchObject({ enabled: false, retryAfter: 59 });
    advance(58_000);
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).msg).toBe('发送过于频繁，请1秒后再试');
    advance(1_000);
    const atZero = await test.app.inject({ method: 'GET', url: `/common/checkCaptcha?phone=${phone}` });
    expect(envelope(atZero).data).toEqual({ enabled: true, retryAfter: 0 });
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).code).toBe(0);
  });

  it('sends at most 10 codes a day to one phone', async () => {
    const phone = '13911110003';
    await createStaff(test.db, corpA.id, { phone });
    for (let i = 0; i < 10; i++) {
      expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).code).toBe(0);
      advance(61_000);
    }
    const eleventh = await postForm(test.app, '/common/smsCode', { phone });
    expect(eleventh.statusCode).toBe(429);
    // The first of the ten leaves the rolling 24 h 10 × 61 s after it was sent: 23 h 49 min 50 s from now.
    expect(envelope(eleventh).msg).toBe('该手机号 24 小时内的验证码发送次数已达上限，请 23 小时 50 分钟后再试');
    expect(eleventh.headers['retry-after']).toBe(String(24 * 3600 - 610));
    advance(24 * 3600_000 - 610_000 + 1000);
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone })).code).toBe(0);
  });

  it('lets an office behind one address send hundreds of codes an hour, then says when to try again', async () => {
    const ip = '198.51.100.7';
    // Earlier this hour, 48 minutes ago and since: the office's first 299 codes (written directly, as sends).
    await test.db.insert(smsCodes).values(
      Array.from({ length: SMS_RULES.perIpPerHour - 1 }, (_, i) => ({
        phoneHash: smsPhoneHash(test.config.sessionSecret, `1370000${String(1000 + i)}`),
        codeHash: 'x',
        ip,
        createdAt: new Date(clock.getTime() - 48 * 60_000 + i * 1000),
        expiresAt: new Date(clock.getTime() - 43 * 60_000),
      })),
    );
    expect(SMS_RULES.perIpPerHour).toBe(300);
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone: '13700009998' }, { ip })).code).toBe(0);
    const response = await postForm(test.app, '/common/smsCode', { phone: '13700009999' }, { ip });
    expect(response.statusCode).toBe(429);
    expect(envelope(response).msg).toBe('本网络发送验证码过于频繁，请 12 分钟后再试');
    advance(12 * 60_000 + 1000);
    expect(envelope(await postForm(test.app, '/common/smsCode', { phone: '13700009999' }, { ip })).code).toBe(0);
  });

  it('answers a stranger like anyone else but sends nothing', async () => {
    const phone = '13611112222';
    const response = await postForm(test.app, '/common/smsCode', { phone });
    expect(envelope(response)).toMatchObject({ code: 0, msg: '发送成功，请注意查收' });
    expect(test.sms.lastCodeFor(phone)).toBeUndefined();
  });
});

describe('GET /common/checkCaptcha', () => {
  it('allows a phone that has had no code', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/common/checkCaptcha?phone=13511112222' });
    expect(envelope(response)).toEqual({ code: 0, msg: 'ok', data: { enabled: true, retryAfter: 0 } });
  });
  it('refuses a malformed phone', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/common/checkCaptcha?phone=123' });
    expect(envelope(response)).toMatchObject({ code: 1, msg: '手机号码格式错误' });
  });
});

describe('POST /api/crm/login', () => {
  it('opens a session with an httpOnly cookie for the right code', async () => {
    await postForm(test.app, '/common/smsCode', { phone: person.phone });
    const code = test.sms.lastCodeFor(person.phone) ?? '';
    const response = await smsLogin(person.corpId, person.phone, code);
    expect(envelope(response)).toEqual({ code: 0, msg: '登录成功', data: { id: person.id } });
    const cookie = response.cookies.find((c) => c.name === 'crm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const [row] = (await test.db.execute(`select token_hash from sessions where staff_id = ${person.id}`)).rows as {
      token_hash: string;
    }[];
    expect(row?.token_hash).not.toBe(cookie?.value);
    // The code is spent: a second login with it fails.
    const replay = await smsLogin(person.corpId, person.phone, code);
    expect(envelope(replay)).toMatchObject({ code: 1, msg: '验证码输入错误' });
    advance(61_000);
  });

  it.each([
    [{ corp_id: '', phone: '13911110009', code: '123456' }, '公司必选'],
    [{ corp_id: 1, phone: '', code: '123456' }, '手机号码必填'],
    [{ corp_id: 1, phone: '1391111', code: '123456' }, '手机号码格式错误'],
    [{ corp_id: 1, phone: '13911110009', code: '' }, '验证码必填'],
    [{ corp_id: 1, phone: '13911110009', code: '12a456' }, '验证码格式错误'],
  ])('refuses %j with %s', async (fields, msg) => {
    const response = await postForm(test.app, '/api/crm/login', { ...fields, wxworkid: null });
    expect(envelope(response)).toMatchObject({ code: 1, msg, data: null });
    expect(response.cookies.find((c) => c.name === 'crm_session')).toBeUndefined();
  });

  it('says 验证码输入错误 when no code was asked for', async () => {
    const response = await smsLogin(corpA.id, '13511119999', '123456');
    expect(envelope(response)).toMatchObject({ code: 1, msg: '验证码输入错误' });
  });

  it('spends a code after 5 wrong tries', async () => {
    const someone = await createStaff(test.db, corpA.id);
    await postForm(test.app, '/common/smsCode', { phone: someone.phone });
    const right = test.sms.lastCodeFor(someone.phone) ?? '';
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 1; i <= 4; i++) {
      const response = await smsLogin(corpA.id, someone.phone, wrong);
      expect(envelope(response)).toMatchObject({ code: 1, msg: '验证码输入错误' });
    }
    const fifth = await smsLogin(corpA.id, someone.phone, wrong);
    expect(fifth.statusCode).toBe(429);
    const late = await smsLogin(corpA.id, someone.phone, right);
    expect(envelope(late)).toMatchObject({ code: 1, msg: '验证码输入错误' });
  });

  it('refuses a code older than 5 minutes', async () => {
    const someone = await createStaff(test.db, corpA.id);
    await postForm(test.app, '/common/smsCode', { phone: someone.phone });
    const code = test.sms.lastCodeFor(someone.phone) ?? '';
    advance(5 * 60_000 + 1000);
    const response = await smsLogin(corpA.id, someone.phone, code);
    expect(envelope(response)).toMatchObject({ code: 1, msg: '验证码输入错误' });
  });

  it('does not let a staff member of one company into another with the same phone', async () => {
    const phone = '13911110077';
    await createStaff(test.db, corpA.id, { phone });
    await postForm(test.app, '/common/smsCode', { phone });
    const code = test.sms.lastCodeFor(phone) ?? '';
    const response = await smsLogin(corpB.id, phone, code);
    expect(envelope(response)).toMatchObject({ code: 1, msg: '该公司下没有此手机号的账号，请联系管理员' });
  });

  it('binds a WeCom id only when the server verified it', async () => {
    const someone = await createStaff(test.db, corpA.id);
    const forged = await postFormLogin(someone, 'someone-else', undefined);
    expect(envelope(forged).code).toBe(0);
    const autoForged = await postForm(test.app, '/api/crm/autoLogin', { corp: corpA.id, wxworkid: 'someone-else' });
    expect(envelope(autoForged).code).toBe(1);

    advance(61_000);
    const identity = identityCookie(corpA.id, 'wx-7');
    const verified = await postFormLogin(someone, 'wx-7', identity);
    expect(envelope(verified).code).toBe(0);
    const auto = await autoLogin('wx-7', identity);
    expect(envelope(auto)).toMatchObject({ code: 0, data: { id: someone.id } });
    expect(auto.cookies.find((c) => c.name === 'crm_session')?.httpOnly).toBe(true);
  });
});

describe('POST /api/crm/autoLogin', () => {
  it('tells an unbound WeCom member to log in by SMS first', async () => {
    const identity = identityCookie(corpA.id, 'new-member');
    const response = await autoLogin('new-member', identity);
    expect(envelope(response)).toMatchObject({ code: 1, msg: '企业微信账号尚未绑定，请使用手机号验证码登录' });
  });
  it('refuses an identity cookie signed for another company', async () => {
    const identity = identityCookie(corpB.id, 'x');
    const response = await autoLogin('x', identity);
    expect(envelope(response)).toMatchObject({ code: 1, msg: '企业微信身份已失效，请重新打开应用' });
  });
  it('judges the identity cookie by the injected clock: fresh on it, stale 10 minutes later', async () => {
    // The test clock is days away from the machine's: a route reading the real clock would call it stale (or eternal).
    const member = await createStaff(test.db, corpA.id);
    await postFormLogin(member, 'wx-clock', identityCookie(corpA.id, 'wx-clock'));
    const identity = identityCookie(corpA.id, 'wx-clock');
    const fresh = await autoLogin('wx-clock', identity);
    expect(envelope(fresh)).toMatchObject({ code: 0, data: { id: member.id } });
    advance(10 * 60_000 + 1);
    const stale = await autoLogin('wx-clock', identity);
    expect(envelope(stale)).toMatchObject({ code: 1, msg: '企业微信身份已失效，请重新打开应用' });
  });
  it('refuses a request without corp', async () => {
    const response = await postForm(test.app, '/api/crm/autoLogin', { wxworkid: 'x' });
    expect(envelope(response)).toMatchObject({ code: 1, msg: '公司必选' });
  });
});

describe('WeCom OAuth entry', () => {
  it.each([
    ['/api/wechat/wwlogin?corp=1', 1],
    ['/api/wechat/wxworkLogin?corp=2', 2],
  ])('%s goes through WeCom and comes back to /login with a verified identity', async (url, corp) => {
    const start = await test.app.inject({ method: 'GET', url });
    expect(start.statusCode).toBe(302);
    const state = start.cookies.find((c) => c.name === 'crm_oauth_state');
    expect(state?.httpOnly).toBe(true);
    // The demo adapter sends the browser straight back to the callback with a code.
    const location = new URL(start.headers.location as string);
    expect(location.pathname).toBe('/api/wechat/callback');
    const callback = await test.app.inject({
      method: 'GET',
      url: `${location.pathname}${location.search}`,
      headers: { cookie: `crm_oauth_state=${state?.value}` },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/login?corp=${corp}&wxworkid=wecom-user-1`);
    expect(callback.cookies.find((c) => c.name === WECOM_IDENTITY_COOKIE)?.httpOnly).toBe(true);
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const callback = await test.app.inject({ method: 'GET', url: '/api/wechat/callback?code=demo%3Ax&state=1.abc' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?error=/);
    expect(callback.cookies.find((c) => c.name === WECOM_IDENTITY_COOKIE)).toBeUndefined();
  });

  it('refuses a missing corp', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/wechat/wxworkLogin' });
    expect(envelope(response).code).toBe(1);
  });
});

describe('POST /api/crm/logout', () => {
  it('ends the session on the server', async () => {
    advance(61_000);
    const cookie = await loginAs(test, person);
    const before = await postForm(test.app, '/api/crm/userinfo', { id: person.id }, { cookie });
    expect(envelope(before).code).toBe(0);
    const out = await postForm(test.app, '/api/crm/logout', {}, { cookie });
    expect(envelope(out).code).toBe(0);
    const after = await postForm(test.app, '/api/crm/userinfo', { id: person.id }, { cookie });
    expect(after.statusCode).toBe(401);
  });

  it('expires a session after its lifetime', async () => {
    advance(61_000);
    const cookie = await loginAs(test, person);
    advance(test.config.sessionTtlMs + 1000);
    const after = await postForm(test.app, '/api/crm/userinfo', { id: person.id }, { cookie });
    expect(after.statusCode).toBe(401);
    expect(envelope(after).msg).toBe('登录已失效，请重新登录');
  });

  it('is harmless without a session', async () => {
    const out = await postForm(test.app, '/api/crm/logout', {});
    expect(envelope(out).code).toBe(0);
    expect(cookieFrom(out)).toBe('crm_session=');
  });
});

async function postFormLogin(someone: { corpId: number; phone: string }, wxworkid: string, cookie: string | undefined) {
  await postForm(test.app, '/common/smsCode', { phone: someone.phone });
  const code = test.sms.lastCodeFor(someone.phone) ?? '';
  return postForm(
    test.app,
    '/api/crm/login',
    { corp_id: someone.corpId, phone: someone.phone, code, wxworkid },
    { cookie },
  );
}

// The demo login shared by the bench scripts (run.mjs, cases.mjs, chaos.mjs): the real SMS flow, with the
// code the server hands out in DEMO_MODE.

/** Demo staff 1, seeded by every DEMO_MODE server. */
export const DEMO = { staffId: 1, phone: '13800000001', corpId: 1 };

/** The parsed JSON body, or an error that shows what came instead (an HTML error page, say). */
export async function json(response, what) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
}

/** Logs `staff` in through the SMS flow; answers the `crm_session=...` cookie pair. */
export async function logIn(baseUrl, staff = DEMO) {
  const smsForm = new FormData();
  smsForm.set('phone', staff.phone);
  const sms = await json(
    await fetch(`${baseUrl}/common/smsCode`, { method: 'POST', body: smsForm }),
    'POST /common/smsCode',
  );
  const code = sms.data?.verifyCode;
  if (sms.code !== 0 || !code) throw new Error(`POST /common/smsCode gave no demo code: ${JSON.stringify(sms)}`);

  const loginForm = new FormData();
  loginForm.set('corp_id', String(staff.corpId));
  loginForm.set('phone', staff.phone);
  loginForm.set('code', code);
  loginForm.set('wxworkid', 'null');
  const response = await fetch(`${baseUrl}/api/crm/login`, { method: 'POST', body: loginForm });
  const login = await json(response, 'POST /api/crm/login');
  if (login.code !== 0 || login.data?.id !== staff.staffId)
    throw new Error(`POST /api/crm/login refused: ${JSON.stringify(login)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('crm_session='));
  if (!cookie) throw new Error('POST /api/crm/login set no crm_session cookie');
  return cookie;
}

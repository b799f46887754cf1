/**
 * The partner portals' login, the same on both (the outside partners' /outside/login, the house-loan agents'
 * /houseloan/login): one company to pick, and the dev SMS code, which comes back in the reply and fills the box.
 */
import * as E from '@crm/domain/endpoints/auth';
import * as EOutside from '@crm/domain/endpoints/outside';
import * as EHouseloan from '@crm/domain/endpoints/houseloan';
import { expect } from 'vitest';
import { inputValue, ok, on, type PageView } from './render-page.tsx';

/** What a portal's login page asks the server for: its one company, and the dev code for any phone. */
export const PORTAL_LOGIN_API = [
  on(E.corp, ok([{ label: '一号金融', value: 1 }])),
  on(E.smsCode, ok({ verifyCode: '123456' }, '发送成功')),
];

/**
 * Each portal by its SMS scene, which also names its login inputs (`${scene}-login-phone`): the login call, the
 * home it opens on, and the local-storage key it keeps its own login under (no staff user is stored).
 */
const PORTALS = {
  outside: { sendsTo: EOutside.outsideLogin, home: '/outside/index', keeps: 'ys_outside_user' },
  houseloan: { sendsTo: EHouseloan.login, home: '/houseloan/home/0', keeps: 'ys_house_channel' },
};

/**
 * Logs in to the `scene` portal with `phone` as a person does: asks for the code, finds it filled in, taps 登录
 * and waits for the portal's home. Gives what the portal then keeps in local storage.
 */
export async function logInToPortal(page: PageView, scene: keyof typeof PORTALS, phone: string): Promise<unknown> {
  const { sendsTo, home, keeps } = PORTALS[scene];
  expect(await page.requestSmsCode(`${scene}-login-phone`, phone)).toEqual({ phone, scene });
  expect(inputValue(`${scene}-login-code`)).toBe('123456');
  expect(await page.sentFieldsMovingTo('登录', home, sendsTo)).toEqual({ corp_id: '1', phone, code: '123456' });
  return JSON.parse(localStorage.getItem(keeps) ?? 'null');
}

import {
  autoLoginRequestSchema,
  checkCaptchaQuerySchema,
  checkCaptchaResponseSchema,
  corpListSchema,
  loginRequestSchema,
  loginResponseSchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
} from '../../api/auth.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* The staff login (spec §4, §7) and the logout. The login page reaches these through endpoint-refs. */

export const corp = endpoint({
  path: '/api/crm/corp',
  summary: '公司列表',
  request: noFieldsSchema,
  response: corpListSchema,
});

export const login = endpoint({
  path: '/api/crm/login',
  summary: '手机号验证码登录',
  request: loginRequestSchema,
  response: loginResponseSchema,
});

/** The WeCom redirect's query parameters all come along; the server reads corp and wxworkid. */
export const autoLogin = endpoint({
  path: '/api/crm/autoLogin',
  summary: '企业微信自动登录',
  request: autoLoginRequestSchema.passthrough(),
  response: loginResponseSchema,
});

export const logout = endpoint({
  path: '/api/crm/logout',
  summary: '退出登录',
  request: noFieldsSchema,
  response: nullSchema,
});

export const checkCaptcha = endpoint({
  path: '/common/checkCaptcha',
  summary: '能否发送验证码',
  request: checkCaptchaQuerySchema,
  response: checkCaptchaResponseSchema,
});

export const smsCode = endpoint({
  path: '/common/smsCode',
  summary: '发送短信验证码',
  request: smsCodeRequestSchema,
  response: smsCodeResponseSchema,
});

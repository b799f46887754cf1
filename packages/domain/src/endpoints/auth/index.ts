import {
  checkCaptchaQuerySchema,
  checkCaptchaResponseSchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
} from '../../api/auth.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* The staff user's own profile calls behind the login (spec §7). */

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

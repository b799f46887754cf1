import { userinfoRequestSchema, userinfoResponseSchema } from '../../api/auth.ts';
import { endpoint } from '../index.ts';

/* Home: the signed-in user's card. */

export const userinfo = endpoint({
  path: '/api/crm/userinfo',
  summary: '当前用户信息与首页角标',
  request: userinfoRequestSchema,
  response: userinfoResponseSchema,
});

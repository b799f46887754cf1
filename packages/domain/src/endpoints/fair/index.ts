import { fairCheckinRequestSchema, fairCheckinSchema, fairSigninSchema } from '../../api/fair.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* Fair check-in: the staff member's sign-in for the day. */

export const fairSignin = endpoint({
  path: '/api/crm/fairSignin',
  summary: '今天举办的展会与签到名单',
  request: noFieldsSchema,
  response: fairSigninSchema,
});

export const fairCheckin = endpoint({
  path: '/api/crm/fairCheckin',
  summary: '展会签到（每人每展会每天一次）',
  request: fairCheckinRequestSchema,
  response: fairCheckinSchema,
});

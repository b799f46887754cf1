import { financePactRequestSchema, financePactSchema } from '../../api/pact.ts';
import { endpoint } from '../index.ts';

/* The finance pact of a case. */

export const financePact = endpoint({
  path: '/api/crm/financePact',
  summary: '融资协议（审批通过后冻结）',
  request: financePactRequestSchema,
  response: financePactSchema,
});

import { addWorkListRequestSchema, oaTestSchema, workItemSchema, workListSchema } from '../../api/chatter.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The assistant's conversation calls. */

export const workList = endpoint({
  path: '/common/wxwork/workList',
  summary: '工作台应用',
  request: noFieldsSchema,
  response: workListSchema,
});

export const addWorkList = endpoint({
  path: '/common/wxwork/addWorkList',
  summary: '添加工作台应用',
  request: addWorkListRequestSchema,
  response: workItemSchema,
});

export const test = endpoint({
  path: '/api/oa/test',
  summary: '企业微信应用连通测试',
  request: noFieldsSchema,
  response: oaTestSchema,
});

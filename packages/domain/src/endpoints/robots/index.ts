import { robotIdSchema, robotListSchema, robotSaveSchema, robotSchema } from '../../api/robots.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* The back office's WeCom group robots (issue 50 point 4, decision 076): company admins, their company's. */

export const robots = endpoint({
  path: '/api/admin/robots',
  summary: '后台：本公司的企业微信群机器人（Webhook 只显示打码后的）',
  request: noFieldsSchema,
  response: robotListSchema,
});

export const robotSave = endpoint({
  path: '/api/admin/robots/save',
  summary: '后台：新建或修改一个群机器人（Webhook 留空则不变）',
  request: robotSaveSchema,
  response: robotSchema,
});

export const robotDelete = endpoint({
  path: '/api/admin/robots/delete',
  summary: '后台：删除一个群机器人',
  request: robotIdSchema,
  response: nullSchema,
});

export const robotTest = endpoint({
  path: '/api/admin/robots/test',
  summary: '后台：让群机器人发一条测试消息（立即发送，不进队列）',
  request: robotIdSchema,
  response: nullSchema,
});

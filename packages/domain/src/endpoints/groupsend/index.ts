import {
  groupAudienceSchema,
  groupPreviewSchema,
  groupSendCreateSchema,
  groupSendDetailSchema,
  groupSendIdSchema,
  groupSendImageSchema,
  groupSendListRequestSchema,
  groupSendListSchema,
  groupSendOptionsSchema,
} from '../../api/groupsend.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema } from '../index.ts';

/*
 * Group sends to customers (群发, issue 50 point 2, decision 080): a team leader (their team's customers) or a
 * company admin (the company's).
 */

export const groupSendOptions = endpoint({
  path: '/api/crm/groupSend/options',
  summary: '群发：可选的成员、标签、来源与活动',
  request: noFieldsSchema,
  response: groupSendOptionsSchema,
});

export const groupSendPreview = endpoint({
  path: '/api/crm/groupSend/preview',
  summary: '群发：筛出的客户数，以及本月已收满 4 条、将被排除的客户',
  request: groupAudienceSchema,
  response: groupPreviewSchema,
});

export const groupSendCreate = endpoint({
  path: '/api/crm/groupSend/create',
  summary: '群发：创建企业微信群发任务（每位负责人一条，由其在企业微信确认发送）',
  request: groupSendCreateSchema,
  response: groupSendDetailSchema,
});

export const groupSendList = endpoint({
  path: '/api/crm/groupSend/list',
  summary: '群发：创建过的群发任务',
  request: groupSendListRequestSchema,
  response: groupSendListSchema,
});

export const groupSendDetail = endpoint({
  path: '/api/crm/groupSend/detail',
  summary: '群发：谁已发送、谁已收到',
  request: groupSendIdSchema,
  response: groupSendDetailSchema,
});

export const groupSendRefresh = endpoint({
  path: '/api/crm/groupSend/refresh',
  summary: '群发：向企业微信取回发送结果',
  request: groupSendIdSchema,
  response: groupSendDetailSchema,
});

/** Multipart: `file` (a jpg or png up to 2 MB) arrives as a Buffer and goes to WeCom's media/uploadimg. */
export const groupSendImage = endpoint({
  path: '/api/crm/groupSend/image',
  summary: '群发：上传一张图片到企业微信，得到群发消息可用的图片地址',
  request: z.object({ file: z.unknown().optional() }),
  response: groupSendImageSchema,
});

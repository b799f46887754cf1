import { GROUP_SENDS_PER_MONTH } from '@crm/domain/api/groupsend';

/** The group sends' messages (issue 50 point 2, decision 080), in one place. */
export const GROUP_SEND_TEXTS = {
  notFound: '群发任务不存在',
  activityNotFound: '活动不存在或已结束',
  created: '群发任务已创建，请提醒成员在企业微信中确认发送',
  refreshed: '已取回企业微信的发送结果',
  nobody: '没有可以发送的客户：筛选出的客户本月都已收满，或其负责人未绑定企业微信',
  noMatch: '没有符合条件的客户',
  overLimit: (count: number) =>
    `有 ${count} 位客户本月已收满 ${GROUP_SENDS_PER_MONTH} 条群发消息（企业微信的限制），请确认排除他们后再创建`,
  unreachable: '企业微信暂时无法取回结果，请稍后再试',
  linkDesc: '点击查看活动详情',
  imageMissing: '请选择一张图片',
  imageKind: '图片须为 JPG 或 PNG',
  imageTooLarge: '图片不能超过 2 MB',
  imageRefused: (errcode: number) => `企业微信未接受这张图片（${errcode}），请换一张`,
  uploaded: '图片已上传',
  imageUnreachable: '企业微信暂时无法接收图片，请稍后再试',
} as const;

import { formatDateTime } from '@crm/domain/datetime';
/** UI texts of the reminders' page (decision 058). */
export const remindersTexts = {
  title: '消息记录',
  empty: '还没有收到企业微信提醒',
  open: '查看',
  sentAt: (iso: string) => formatDateTime(iso),
};

import { ROBOT_EVENTS, type RobotEvent } from '@crm/domain/api/robots';

/** The group robots' messages (issue 50 point 4, decision 076), in one place. */
export const ROBOT_TEXTS = {
  notFound: '群机器人不存在',
  teamNotFound: '团队不存在',
  saved: '已保存',
  deleted: '已删除',
  tested: '测试消息已发出，请到群里查看',
  testFailed: (errcode: number, errmsg: string) =>
    `企业微信未接受测试消息（${errcode} ${errmsg}），请检查 Webhook 地址`,
  testContent: (corp: string) => `**${corp}**\n> 群机器人连接成功：选中的事件会发到这个群。`,
  /** A post's markdown: the event as its heading, then one quoted line a fact. */
  post: (event: RobotEvent, facts: readonly (readonly [string, string])[]) =>
    [`**${ROBOT_EVENTS[event]}**`, ...facts.filter(([, value]) => value !== '').map(([k, v]) => `> ${k}：${v}`)].join(
      '\n',
    ),
  client: '客户',
  amount: '金额',
  by: '办理人',
  claimedBy: '认领人',
  yuan: (fen: number) => `${(fen / 1_000_000).toFixed(fen % 1_000_000 === 0 ? 0 : 2)} 万元`,
} as const;

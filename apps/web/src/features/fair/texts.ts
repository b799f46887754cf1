/** UI texts of the staff's fair check-in (/business/signin, decision 051). */
export const fairTexts = {
  loadFailed: '展会签到加载失败',
  today: (day: string) => `今天 ${day}`,
  empty: '今天没有进行中的展会',
  emptyHint: '展会由公司统一安排，开展当天在这里签到',
  dates: (from: string, to: string) => (from === to ? from : `${from} 至 ${to}`),
  checkIn: '签到',
  checkedIn: (time: string) => `已签到 ${time}`,
  roster: (n: number) => `今日到岗（${n} 人）`,
  rosterEmpty: '还没有人签到',
  live: '名单每 30 秒自动刷新',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放立即刷新',
  refreshing: '加载中...',
  refreshed: '刷新成功',
};

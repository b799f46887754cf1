/** What the fair check-in calls say to a person (zh-CN). */
export const FAIR_TEXTS = {
  checkedIn: '签到成功',
  alreadyCheckedIn: '今日已签到',
  notRunningToday: '该展会今天不在举办期内，无法签到',
} as const;

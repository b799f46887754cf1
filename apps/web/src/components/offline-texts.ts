/**
 * Texts of the offline bar (components/offline-bar.tsx, decision 082): a file of their own, so the login route,
 * which loads componentTexts, does not carry them.
 */
export const offlineTexts = {
  offline: '当前离线，显示的是上次联网时保存的内容',
  waiting: (count: number) => `${count} 条待发送，联网后自动发送`,
  sending: (count: number) => `${count} 条待发送，正在发送…`,
  sent: (count: number) => `已发送 ${count} 条`,
  refused: (count: number) => `${count} 条未能发送，点此查看`,
  show: '查看待发送',
  hide: '收起',
  listTitle: '离线时写下的内容',
  states: { waiting: '待发送', sent: '已发送', refused: '未能发送' },
  refusedHint: '服务器未接受（例如报单已被他人修改），内容保留在此，请核对后重新填写',
  clearFinished: '清除已发送和未能发送的记录',
  queuedAt: (time: string) => `写于 ${time}`,
};

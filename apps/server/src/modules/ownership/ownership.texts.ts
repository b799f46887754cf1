/** Messages of customer ownership (decision 066); the holder sentence itself is the domain's heldMessage. */
export const OWNERSHIP_TEXTS = {
  visitorNo: '请先登录',
  checkLimit: (n: number) => `今日查重次数已用完（每日 ${n} 次）`,
  tailNeedsName: '按手机尾号查重时请同时填写姓名',
  nameNeedsTail: '按姓名查重时请同时填写手机尾号',
  kind: {
    case: '报单',
    referral: '合作伙伴报备',
    channel_referral: '渠道报备',
    house_client: '房贷客户',
    pool: '公海',
  },
  inPool: '该客户在公海中，可从公海领取',
  poolReason: ['超过 ', ' 天未跟进，自动退回公海'] as const,
  swept: '长时间未跟进，已自动退回公海',
  notInPool: '该客户已被领取',
  caseNotFound: '报单不存在',
  claimCap: (n: number) => `今日领取已达上限（每日 ${n} 个）`,
  alreadyPooled: '该报单已在公海中',
  notWorkable: '只有签约中、签约失败、补件的报单可以退回公海',
  targetInvalid: '接手人无效',
  targetNotInTeam: '接手人须是本团队成员',
  alreadyOwner: '接手人已是跟进人',
  pooledSkip: '报单在公海中，请从公海领取',
  notYourTeam: '不是本团队的报单',
  notFound: '报单不存在',
  cards: {
    claimed: (client: string, who: string) => ({
      title: '公海客户已被领取',
      description: `${who} 从公海领取了客户 ${client}`,
    }),
    yours: (client: string) => ({ title: '你有新的客户', description: `客户 ${client} 已归你跟进` }),
    left: (client: string, reason: string) => ({
      title: '客户已移出',
      description: `客户 ${client} 已不再由你跟进：${reason}`,
    }),
    warning: (client: string, day: string) => ({
      title: '客户即将退回公海',
      description: `客户 ${client} 长时间未跟进，将于 ${day} 退回公海，请及时跟进`,
    }),
  },
} as const;

// Data (issue 46, decision 069), kept as text so authors read and extend it as a list; analyzer.ts reads it.
export const TRADE_SYNONYM_LINES = `
# The trade's synonyms (issue 46, decision 069): one group a line, words separated by spaces. A question
# and an entry match when they use any two words of one group. The first word names the group. A new
# group here applies to every company at the next start; a company adds its own in the back office (faq_synonyms).
放款 下款 出款 批款
征信 信用报告 信用记录 征信报告 人行征信 查征信
社保 社会保险 五险
公积金 住房公积金 公积
跳槽 换工作 换单位 离职 辞职 换了工作
流水 银行流水 工资流水 收入流水 工资卡流水
收入证明 工资证明 收入证 工资条
返佣 佣金 返点 点数 居间费 提成 分佣
撞单 抢单 重复报备
月供 每月还款 月还款 每月还 月还
利率 利息 年化 月息 费率
被拒 拒件 拒了 拒贷 被驳回 没批
申诉 复议
面签 签约 签合同 签字 签完
抵押 押给 抵押贷 房抵 房产抵押
二押 二次抵押 再抵押
按揭 房贷
老房子 老公房 旧房
房龄 房屋年限 楼龄
营业执照 执照 营业证
个体户 个体工商户 自雇 老板 企业主 做生意 开店 小生意 生意人 开公司 开厂 开工厂 开饭店 开超市
补件 补资料 补材料 补充材料
进件 报件 报单 提交申请 单子 推单 推客户 推过来
提前还款 提前结清 提前还清 一次性还清
违约金 罚金 罚息
凭证 回单 截图
逾期 晚还 逾期记录 不良记录 黑名单
负债率 负债 欠款
查询次数 查询记录 硬查询 被查
年龄 岁数 年纪 多大 岁 周岁
经纪人 中介 门店 链家
渠道 合作渠道
合作伙伴 伙伴
发票 开票
消费贷 消费贷款
经营贷 经营贷款 生意贷
信用卡分期 卡分期 大额分期 专项分期
身份证 证件
炒股 股票 股市
贷款 贷 借款 借钱 贷钱
抵押率 成数 几成
老年人 老人 老年
审批 批下来 批了 获批 审批通过 过审 批下
房子 房屋 房产 套房 住房 物业
`;

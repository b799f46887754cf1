import type { z } from 'zod';

/**
 * The request fields that have no refusal of their own, as a person would name them: zod's words for them
 * were a programmer's (`无效输入：期望 string，实际接收 undefined`), so requestErrorMap says
 * `<字段>: <what is wrong>` instead. One table by API name, as a name means one thing across the API; a field
 * whose schema carries its own message (rowIdSchema('报单编号无效'), say) keeps it and needs no entry here.
 */
export const REQUEST_FIELD_LABELS: Readonly<Record<string, string>> = {
  age: '年龄',
  age_max: '最高年龄',
  age_min: '最低年龄',
  all_in_cost_cap_bp: '综合成本预警线',
  amount: '金额',
  amount_fen: '金额',
  answer: '答复',
  appointment_at: '预约时间',
  bank_card: '银行卡号',
  bank_id: '贷款银行',
  bank_name: '开户银行',
  card_no: '卡号',
  channel_id: '渠道',
  city_id: '城市',
  city_ids: '准入城市',
  code: '代码',
  contact: '联系人',
  corp: '公司',
  cursor: '翻页位置',
  date: '日期',
  debt_ratio: '负债率',
  debt_ratio_max: '最高负债率',
  decision: '审批结果',
  duplicate_checks_per_day: '每日查重上限',
  education: '学历',
  employer_type: '单位性质',
  employer_types: '准入单位性质',
  events: '通知事件',
  exclude_over_limit: '排除本月已收满的客户',
  exp: '链接有效期',
  expiring: '即将到期',
  external_userid: '外部联系人',
  fees: '费用',
  file: '文件',
  flag: '列表类型',
  grants: '权限',
  house_type: '图片类型',
  housing_fund_months: '公积金月数',
  housing_fund_months_min: '最低公积金月数',
  id: '编号',
  id_number: '身份证号',
  ids: '报单',
  image_url: '图片',
  imgs: '图片',
  income: '月收入',
  income_min_fen: '最低月收入',
  intent_amount: '意向金额',
  is_active: '启用状态',
  is_leader: '是否组长',
  jobs: '岗位',
  keyword: '关键词',
  kind: '类型',
  line_id: '对账单明细',
  marital: '婚姻状况',
  mobile: '手机号码',
  mode: '收取方式',
  name: '姓名',
  need_service: '需要客服协助',
  note: '备注',
  nudge_days: '未安排跟进提醒天数',
  esign_expiry_days: '签署有效天数',
  occupation: '职业',
  outside_client_id: '转介客户',
  owner_ids: '负责人',
  page: '页码',
  pass: '审核结果',
  pay_ref: '付款流水号',
  payee: '收款方',
  pdf: 'PDF 文件',
  period: '月份',
  phone: '手机号码',
  phone_tail: '手机尾号',
  place: '签约地点',
  pool_claims_per_day: '每日领取上限',
  pool_days: '回收天数',
  pool_warn_days: '提前提醒天数',
  product: '产品',
  product_id: '贷款产品',
  purpose: '贷款用途',
  purposes: '准入用途',
  q: '搜索词',
  queries_3m: '近 3 个月查询次数',
  queries_3m_max: '近 3 个月最多查询次数',
  queries_6m: '近 6 个月查询次数',
  queries_6m_max: '近 6 个月最多查询次数',
  rate_ppm: '费率',
  reason: '原因',
  reason_code: '原因类型',
  receiver_id: '返佣对象',
  receiver_kind: '返佣对象类型',
  ref: '分享人',
  referrer_id: '推荐人',
  region: '所在区域',
  remark: '备注',
  remarks: '备注',
  rules: '准入条件',
  sex: '性别',
  sig: '链接签名',
  sign_user_id: '签约人',
  signature: '签名',
  social_security_months: '社保月数',
  social_security_months_min: '最低社保月数',
  sort: '排序',
  source: '来源',
  source_id: '客户来源',
  sources: '客户来源',
  stage: '阶段',
  state: '状态',
  status: '状态',
  steward_status: '管家处理状态',
  tags: '标签',
  term: '贷款期限',
  terms_months: '期限',
  to_id: '接手人',
  token: '签署链接',
  user_ids: '返佣人',
  userid: '员工',
  v: '图片尺寸',
  webhook: 'Webhook 地址',
  wxworkid: '企业微信账号',
};

/** A place with no label of its own (the request as a whole, or a field missing from the table). */
export const UNLABELLED_PLACE = '请求参数';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: '应为文字',
  number: '请填写数字',
  int: '请填写整数',
  boolean: '应为是或否',
  array: '应为列表',
  date: '请填写日期',
};

/** The largest bounds say "too large" without the number: 2147483647 means nothing to a person. */
const PLAIN_BOUND = 1_000_000_000;

/** What is wrong with a value, in the words a form's refusal uses; no type names, no values quoted. */
function problem(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // A coerced number reads a missing field as NaN: "fill in a number" fits both that and "abc".
      if (issue.input === undefined && issue.expected !== 'number' && issue.expected !== 'int') return '必填';
      return TYPE_WORDS[issue.expected] ?? '格式不正确';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少 ${min} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? '至少选择一项' : `至少 ${min} 项`;
      if (Math.abs(min) >= PLAIN_BOUND) return '超出范围';
      return issue.inclusive === false ? `须大于 ${min}` : `不能小于 ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过 ${max} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${max} 项`;
      if (Math.abs(max) >= PLAIN_BOUND) return '超出范围';
      return issue.inclusive === false ? `须小于 ${max}` : `不能大于 ${max}`;
    }
    case 'not_multiple_of':
      return `须为 ${String(issue.divisor)} 的倍数`;
    case 'invalid_value':
      return '不是可选的值';
    case 'unrecognized_keys':
      return '含有无法识别的字段';
    default:
      // invalid_format, invalid_union, invalid_key, invalid_element, custom: the value's shape is wrong.
      return '格式不正确';
  }
}

/** A field's place in a person's words: `grants.1` → 权限 第 2 项; a key without a label names no place. */
export function requestPlace(path: readonly PropertyKey[]): string {
  const words: string[] = [];
  for (const key of path) {
    if (typeof key === 'number') words.push(`第 ${key + 1} 项`);
    else {
      const label = REQUEST_FIELD_LABELS[String(key)];
      if (label === undefined) return UNLABELLED_PLACE;
      words.push(label);
    }
  }
  return words.length > 0 ? words.join(' ') : UNLABELLED_PLACE;
}

/**
 * zod's message for an issue its schema has no message for: `<字段>: <问题>` (`房屋图片类型: 不能大于 7`), the
 * style of the back office's file problems. The server parses every request with it
 * (`schema.safeParse(data, { error: requestErrorMap })`); a schema's own message still wins.
 */
export const requestErrorMap = (issue: z.core.$ZodRawIssue): string =>
  `${requestPlace(issue.path ?? [])}: ${problem(issue)}`;

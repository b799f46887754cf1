/** Records of the outside-partner calls (packages/domain/src/api/outside.ts) for the outside and ysb page tests. */
import type {
  OutsideProduct,
  OutsideUser,
  PartnerRow,
  ReferralDetail,
  ReferralListItem,
} from '@crm/domain/api/outside';

export const aPartner = (over: Partial<OutsideUser> = {}): OutsideUser => ({
  id: 5,
  name: '李伙伴',
  phone: '13800138000',
  corp_id: 1,
  corp_name: '一号金融',
  status: 1,
  status_label: '已通过',
  decline_reason: '',
  inviter_name: '王**',
  protection_days: 30,
  counts: { protected: 3, converted: 2, released: 1 },
  expiring: 1,
  created_at: '2026-11-01 10:00:00',
  ...over,
});

export const aReferral = (over: Partial<ReferralListItem> = {}): ReferralListItem => ({
  id: 21,
  name: '陈客户',
  phone: '139****5678',
  status: 1,
  status_label: '保护中',
  case_status_label: '',
  amount_fen: 5_000_000,
  product_name: '信用贷',
  partner_name: '李伙伴',
  protected_until: '2026-12-20',
  created_at: '2026-11-20 09:00:00',
  ...over,
});

export const aReferralDetail = (over: Partial<ReferralDetail> = {}): ReferralDetail => ({
  ...aReferral(),
  phone: '13912345678',
  id_number: '11010519491231002X',
  product_id: 3,
  remarks: '想做分期',
  channel_id: null,
  channel_name: '',
  partner_id: 5,
  case_id: null,
  case_status: null,
  converted_at: null,
  released_at: null,
  can_edit: true,
  can_convert: false,
  ...over,
});

export const aPartnerRow = (over: Partial<PartnerRow> = {}): PartnerRow => ({
  id: 8,
  name: '赵下级',
  phone: '137****0000',
  status: 0,
  status_label: '待审核',
  decline_reason: '',
  inviter_name: '李伙伴',
  staff_name: '王小明',
  counts: { protected: 1, converted: 0, released: 0 },
  created_at: '2026-11-10 10:00:00',
  ...over,
});

/** The product a partner refers a client for: 信用贷 at 工商银行, 1 to 50 万, over 12 or 24 months. */
export const aProduct = (over: Partial<OutsideProduct> = {}): OutsideProduct => ({
  id: 3,
  name: '信用贷',
  bank_id: 9,
  bank_name: '工商银行',
  min_amount_fen: 1_000_000,
  max_amount_fen: 50_000_000,
  terms: [12, 24],
  ...over,
});

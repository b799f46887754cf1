/**
 * Small factories of what the fake API answers, typed by the shared response schemas so a schema change
 * breaks the tests at compile time instead of leaving them faking a shape the server no longer sends.
 */
import * as E from '@crm/domain/endpoints/cases';
import type { AppealItem, CaseDetail, CaseListItem, ServiceItem, Statistic } from '@crm/domain/api/cases';
import type { MoneyList, MoneyRecord, Proof, ProofList, ProofRejectionItem } from '@crm/domain/api/money';
import type { HouseDetail, houseClientItemSchema } from '@crm/domain/api/house';
import type { z } from 'zod';
import { ok, type Answers, on } from './render-page.tsx';
import type { followUpSchema, pendingDetailSchema, pendingItemSchema } from '@crm/domain/api/cases';

/** One keyset page holding every item (no next page). */
export const pageOf = <T>(list: T[], next_cursor: number | null = null) => ({ list, next_cursor });

export const aCase = (over: Partial<CaseListItem> = {}): CaseListItem => ({
  id: 11,
  name: '陈美玲',
  phone: '139****5678',
  status: 1,
  amount_fen: 5_000_000,
  term: 36,
  owner_name: '王小明',
  reject_reason: '',
  created_at: '2026-11-01T08:00:00.000Z',
  consent: true,
  ...over,
});

export const aCaseDetail = (over: Partial<CaseDetail> = {}): CaseDetail => ({
  id: 11,
  name: '陈美玲',
  phone: '13912345678',
  id_number: '11010519491231002X',
  birth_date: '1949-12-31',
  sex: 2,
  bank_card: '',
  amount_fen: 5_000_000,
  term: 36,
  purpose: null,
  product_id: null,
  product_name: '',
  bank_id: null,
  bank_name: '招商银行',
  channel_id: null,
  channel_name: '',
  source_id: null,
  source_name: '',
  city_id: null,
  city_name: '',
  sign_user_id: null,
  sign_user_name: '',
  region: null,
  marital: null,
  education: null,
  occupation: null,
  employer_type: null,
  income_fen: null,
  remarks: '',
  fees: [],
  all_in_cost: 0,
  all_in_cost_cap: 24,
  status: 1,
  reject_reason: null,
  reject_note: '',
  merged_into: null,
  owner_id: 7,
  owner_name: '王小明',
  created_at: '2026-11-01T08:00:00.000Z',
  events: [
    {
      id: 1,
      kind: 'created',
      from_status: null,
      to_status: 1,
      reason: '',
      staff_name: '王小明',
      created_at: '2026-11-01T08:00:00.000Z',
    },
  ],
  moves: [],
  can_edit: false,
  can_delete: false,
  can_resubmit: false,
  can_appeal: false,
  can_view_pact: false,
  has_open_service: false,
  masked: false,
  ...over,
});

export const anAppeal = (over: Partial<AppealItem> = {}): AppealItem => ({
  id: 3,
  client_id: 11,
  client_name: '陈美玲',
  client_status: 2,
  staff_name: '王小明',
  reason: '客户已补充流水',
  status: 'open',
  decision_reason: '',
  created_at: '2026-11-02T08:00:00.000Z',
  decided_at: null,
  ...over,
});

export const aPendingItem = (
  over: Partial<z.infer<typeof pendingItemSchema>> = {},
): z.infer<typeof pendingItemSchema> => ({
  id: 5,
  client_id: 11,
  client_name: '陈美玲',
  phone: '139****5678',
  status: 3,
  note: '约了周五面签',
  next_contact_at: '2026-11-20T02:00:00.000Z',
  is_due: true,
  ...over,
});

export const aFollowUp = (over: Partial<z.infer<typeof followUpSchema>> = {}): z.infer<typeof followUpSchema> => ({
  id: 9,
  note: '客户说下周补流水',
  next_contact_at: '2026-11-20T02:00:00.000Z',
  done_at: null,
  staff_name: '王小明',
  created_at: '2026-11-10T02:00:00.000Z',
  ...over,
});

export const aPendingDetail = (list = [aFollowUp()]): z.infer<typeof pendingDetailSchema> => ({
  client: { id: 11, name: '陈美玲', phone: '139****5678', status: 3 },
  list,
});

export const aServiceItem = (over: Partial<ServiceItem> = {}): ServiceItem => ({
  id: 21,
  client_id: 11,
  client_name: '陈美玲',
  phone: '139****5678',
  client_status: 3,
  owner_id: 7,
  owner_name: '王小明',
  status: 'open',
  transfer_reason: '',
  created_at: '2026-11-02T08:00:00.000Z',
  ...over,
});

export const aStatistic = (over: Partial<Statistic> = {}): Statistic => ({
  total: { count: 12, amount_fen: 123_000_000, disbursed_fen: 45_000_000 },
  by_status: [{ status: 8, count: 3, amount_fen: 45_000_000 }],
  by_month: [{ month: '2026-11', count: 12, amount_fen: 123_000_000, disbursed_fen: 45_000_000 }],
  ...over,
});

export const aMoneyRecord = (over: Partial<MoneyRecord> = {}): MoneyRecord => ({
  id: 31,
  client_id: 11,
  amount_fen: 128_050,
  paid_on: '2026-11-05',
  method: 3,
  card_last4: null,
  note: '',
  status: 'pending',
  created_by: { id: 7, name: '王小明' },
  confirmed_by: null,
  confirmed_at: null,
  created_at: '2026-11-05T08:00:00.000Z',
  images: [],
  can_confirm: false,
  can_delete: false,
  ...over,
});

export const aMoneyList = (over: Partial<MoneyList> = {}): MoneyList => ({
  client: { id: 11, name: '陈美玲' },
  confirmed_fen: 0,
  list: [aMoneyRecord()],
  next_cursor: null,
  can_add: true,
  ...over,
});

export const aProof = (over: Partial<Proof> = {}): Proof => ({
  id: 41,
  client_id: 11,
  type: 1,
  status: 'submitted',
  version: 1,
  images: [],
  history: [],
  rejections: [],
  created_at: '2026-11-05T08:00:00.000Z',
  can_edit: false,
  can_reject: false,
  ...over,
});

export const aProofList = (over: Partial<ProofList> = {}): ProofList => ({
  client: { id: 11, name: '陈美玲' },
  items: [aProof()],
  can_add: true,
  ...over,
});

export const aProofRejection = (over: Partial<ProofRejectionItem> = {}): ProofRejectionItem => ({
  id: 51,
  proof_id: 41,
  client: { id: 11, name: '陈美玲' },
  type: 2,
  reason: '发票模糊',
  rejected_by: { id: 2, name: '张组长' },
  created_at: '2026-11-06T08:00:00.000Z',
  images: [],
  ...over,
});

export type HouseClient = z.infer<typeof houseClientItemSchema>;

export const aHouseClient = (over: Partial<HouseClient> = {}): HouseClient => ({
  id: 71,
  name: '赵磊',
  phone: '138****0001',
  status: 1,
  loan_amount_fen: 100_000_000,
  term_months: 240,
  bank: '工商银行',
  product: 'mortgage',
  source: 'staff',
  channel_id: null,
  channel_name: null,
  owner_id: 7,
  owner_name: '王小明',
  steward_status: 'waiting',
  brokerage_state: 'none',
  brokerage_fen: null,
  created_at: '2026-11-03T08:00:00.000Z',
  ...over,
});

export const aHouseDetail = (
  over: Partial<HouseDetail> = {},
  client: Partial<HouseDetail['client']> = {},
): HouseDetail => ({
  client: {
    ...aHouseClient(),
    id_number: null,
    remark: '',
    steward_id: null,
    steward_name: null,
    brokerage_rate_bp: null,
    ...client,
  },
  chain: [],
  referred: [],
  images: [],
  orders: [],
  audit_events: [],
  can_delete: false,
  can_set_brokerage: false,
  ...over,
});

/** The form fields an approval's decision sends (a sign rejection's, a house audit's): the reason may be ''. */
export const decisionFields = (id: string, decision: 'approve' | 'refuse' | 'reject', reason = '') => ({
  id,
  decision,
  reason,
});

/** The case form's reference lists (add and edit), answered empty: the form works without them. */
export const REFERENCE_LISTS: Answers = [
  on(E.bank, ok([])),
  on(E.product, ok([])),
  on(E.channel, ok([])),
  on(E.source, ok([])),
  on(E.signUser, ok([])),
];

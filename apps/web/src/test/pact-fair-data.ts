import type { FairSignin, FairToday } from '@crm/domain/api/fair';
import { pactRowOf, type FinancePact } from '@crm/domain/api/pact';
import { agreementSchedule } from '@crm/domain/calculator';

/*
 * Typed answers of GET financePact and GET fairSignin for page tests (decision 051), computed by the same
 * engine the server uses so the numbers are a real schedule.
 */

const schedule = agreementSchedule({ amountFen: 5_000_000, termMonths: 12, feeType: 1, ratePpm: 3500, method: null });

export const aFinancePact = (over: Partial<FinancePact> = {}): FinancePact => ({
  client_id: 11,
  state: 'frozen',
  case_status: 5,
  case_status_label: '审批通过',
  frozen_at: '2026-11-20T02:30:00.000Z',
  frozen_by_name: '张签约',
  bank_name: '招商银行',
  product_name: '消费分期A',
  amount_fen: 5_000_000,
  term_months: 12,
  fee_type: 1,
  fee_type_label: '月费率',
  rate_ppm: 3500,
  repayment_method: null,
  nominal_annual_ppm: schedule.nominalAnnualPpm,
  irr_ppm: schedule.irrPpm,
  total_interest_fen: schedule.totalInterestFen,
  total_fen: schedule.totalFen,
  schedule: schedule.rows.map(pactRowOf),
  parties: {
    borrower_name: '陈美玲',
    borrower_id_number: '310101199001011234',
    borrower_phone: '13912345678',
    lender_name: '招商银行 · 消费分期A',
    intermediary_name: '沪融信息服务（演示）',
    agent_name: '王小明',
  },
  ...over,
});

export const aFair = (over: Partial<FairToday> = {}): FairToday => ({
  id: 5,
  name: '上海春季家装博览会',
  venue: '国家会展中心 2号馆 B12',
  starts_on: '2026-11-22',
  ends_on: '2026-11-24',
  my_checked_in_at: null,
  roster: [{ staff_id: 2, staff_name: '李建国', checked_in_at: '2026-11-23T01:05:00.000Z' }],
  ...over,
});

export const aFairSignin = (fairs: FairToday[] = [aFair()]): FairSignin => ({ day: '2026-11-23', fairs });

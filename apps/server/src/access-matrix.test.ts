import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appeals, banks, channels, clients, followUps, serviceRequests } from './db/schema/cases.ts';
import { fairs } from './db/schema/fair.ts';
import { customerFilings } from './db/schema/chatter.ts';
import { activityEntries } from './db/schema/activity.ts';
import { activitySpecSchema, authorActivity } from './modules/activity/index.ts';
import { moneyRecords, proofRejections, proofs } from './db/schema/money.ts';
import { houseAudits, houseBrokerageOrders, houseImages, houseRecommends } from './db/schema/house.ts';
import { faqCategories, faqEntries, faqImages, faqQuestions, faqSynonyms } from './db/schema/faq.ts';
import { eq } from 'drizzle-orm';
import { createFaqRepository, createFaqService } from './modules/faq/index.ts';
import { tinyPng } from './test/factories-faq.ts';
import { systemClock } from './clock.ts';
import type { PrincipalSubject } from './modules/auth/principal.ts';
import { routeFields, upcomingCalls } from './test/route-table.ts';
import { testAppForFile, type TestApp } from './test/build-test-app.ts';
import { createCompany, createImageRow, createStaff, createTeam, grantStaff, insertRow } from './test/factories.ts';
import { caseForm, createBankAndProduct, createCase } from './test/factories-cases.ts';
import { createBrokerageUser, createChannel, createHouseClient, createSignTask } from './test/factories-house.ts';
import { makeJpeg, postFile } from './test/factories-money.ts';
import { postForm } from './test/http.ts';
import { createOutsideChannel, createPartner, createReferral } from './test/factories-outside.ts';
import { sessionCookie, staffCookie } from './test/sessions.ts';
import { createAttempt, createPaper, EVERY_KIND } from './test/factories-exam.ts';
import { examAnswers } from './db/schema/exam.ts';
import { esignOrders } from './db/schema/esign.ts';
import { notices, staff } from './db/schema/staff.ts';
import { teamRobots } from './db/schema/robots.ts';
import { chatScripts } from './db/schema/scripts.ts';
import { groupSends } from './db/schema/groupsend.ts';
import { contactWays } from './db/schema/contactways.ts';
import { staffHandovers } from './db/schema/handover.ts';
import { dataExports, dataImports } from './db/schema/adminio.ts';
import { commissionClawbacks, commissionDisputes, commissionLines, commissionStatements } from './db/schema/ledger.ts';

/*
 * The generated access test (decision 040): every built call that takes a record id (or a cursor, or an
 * id of reference data) is called by every kind of principal of company A against records of company B,
 * and must never answer B's data. A new id-taking endpoint fails "has a row for every ..." until a row
 * below says how to aim it at B's records.
 */

/** Written into every text field of B's records: seeing it in an answer is a leak. */
const MARK = 'B公司机密';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/spec-endpoints.json');
const specEndpoints = (
  JSON.parse(fs.readFileSync(fixture, 'utf8')) as { endpoints: { method: string; path: string }[] }
).endpoints;

/** A request parameter that names a record: an id, another record's id, a list of ids, a cursor. */
const ID_LIKE = /^(id|userid|cursor)$|_ids?$/;

type World = Awaited<ReturnType<typeof companyB>>;
type Fields = Record<string, string | number>;

/**
 * One row per id-taking endpoint: how to aim it at company B's records. `reads` rows may answer code 0
 * (a list scoped to the caller's company, say) as long as nothing of B's shows; any other row answering
 * code 0 acted on B's record and is a leak. `file` rows upload an image; `params` fill the path.
 */
type Row = {
  input: (b: World) => Fields;
  reads?: boolean;
  file?: boolean;
  params?: (b: World) => Record<string, number>;
};

const form = (b: World): Fields => ({
  ...caseForm({ name: `客户${MARK}` }),
  product_id: b.product.id,
  bank_id: b.bank.id,
});

/** Calls that are aimed at B's records the same way: one row for each. */
const sameRow = (row: Row, ...keys: string[]): Record<string, Row> => Object.fromEntries(keys.map((key) => [key, row]));

const ROWS: Record<string, Row> = {
  // ---- home
  'POST /api/crm/userinfo': { reads: true, input: (b) => ({ id: b.owner.id }) },
  // ---- cases (issue 3)
  'POST /api/crm/product': { reads: true, input: (b) => ({ bank_id: b.bank.id }) },
  // Decision 068: a profile, no record id but a city's; A's products only, none of B's (its name carries MARK).
  'POST /api/crm/productMatch': { reads: true, input: () => ({ amount: '50000', term: '12', city_id: 310100 }) },
  'POST /api/crm/addClient': {
    input: (b) => ({
      ...form(b),
      channel_id: b.channel.id,
      sign_user_id: b.signer.id,
      outside_client_id: b.referral.id,
    }),
  },
  'POST /api/crm/clientList': { reads: true, input: (b) => ({ cursor: b.client.id + 1 }) },
  'GET /api/crm/detail': { reads: true, input: (b) => ({ id: b.client.id }) },
  // ---- masked numbers and reminders (decision 058)
  'POST /api/crm/revealClient': { reads: true, input: (b) => ({ id: b.client.id, field: 'phone' }) },
  'GET /api/crm/viewLog': { reads: true, input: (b) => ({ cursor: b.client.id + 1000 }) },
  'GET /api/crm/messageLog': { reads: true, input: (b) => ({ cursor: b.client.id + 1000 }) },
  // ---- customer ownership (decision 066): B's case claimed, released, moved; B's pool listed
  'POST /api/crm/pool': { reads: true, input: (b) => ({ cursor: b.client.id + 1 }) },
  'POST /api/crm/poolClaim': { input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/poolRelease': { input: (b) => ({ id: b.client.id, reason: '退回' }) },
  'POST /api/crm/reassign': { input: (b) => ({ ids: String(b.client.id), to_id: b.owner.id, reason: '转移' }) },
  'POST /api/crm/mergeClients': { input: (b) => ({ keep_id: b.client.id, merge_id: b.client.id + 1 }) },
  'POST /api/crm/updateClient': { input: (b) => ({ ...form(b), id: b.client.id }) },
  'POST /api/crm/delClient': { input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/updateClientStatus': { input: (b) => ({ id: b.client.id, status: 2, reason: '推进' }) },
  'POST /api/crm/updateClientReject': { input: (b) => ({ ...form(b), id: b.client.id }) },
  'POST /api/crm/pending': { reads: true, input: (b) => ({ cursor: b.followUp.id + 1 }) },
  'GET /api/crm/pendingDetail': { reads: true, input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/mortgageUser': {
    input: (b) => ({ client_id: b.client.id, note: '跟进', next_contact_at: '2030-01-01 10:00' }),
  },
  'GET /api/crm/service': {
    reads: true,
    input: (b) => ({ id: b.serviceRequest.id, cursor: b.serviceRequest.id + 1, status: 'all' }),
  },
  'POST /api/crm/serviceTransfer': {
    input: (b) => ({ id: b.serviceRequest.id, to_staff_id: b.owner.id, reason: '转交' }),
  },
  'POST /api/crm/addAppeal': { input: (b) => ({ client_id: b.client.id, reason: '申诉' }) },
  'GET /api/crm/appeal': { reads: true, input: (b) => ({ cursor: b.appeal.id + 1 }) },
  'GET /api/crm/teamAppeal': { reads: true, input: (b) => ({ cursor: b.appeal.id + 1 }) },
  'POST /api/crm/auditAppeal': { input: (b) => ({ id: b.appeal.id, result: 'approved' }) },
  'GET /api/crm/statUserlist': { reads: true, input: (b) => ({ cursor: b.owner.id + 1 }) },
  // ---- repayments, proofs, images (issue 4)
  'POST /api/crm/moneyList': { reads: true, input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/addMoney': {
    input: (b) => ({
      id: b.client.id,
      amount: '100',
      paid_on: '2026-11-01',
      method: 1,
      card_no: '',
      note: MARK,
      key: randomUUID(),
    }),
  },
  'POST /api/crm/moneyConfirm': { input: (b) => ({ id: b.money.id }) },
  'POST /api/crm/delMoney': { input: (b) => ({ id: b.money.id }) },
  'GET /api/crm/getProof': { reads: true, input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/proof': { input: (b) => ({ id: b.client.id, type: 1, imgs: String(b.file.id) }) },
  'POST /api/crm/updateProof': { input: (b) => ({ id: b.proof.id, imgs: String(b.file.id) }) },
  'POST /api/crm/delProof': { input: (b) => ({ id: b.proof.id }) },
  'GET /api/crm/proofReject': { reads: true, input: (b) => ({ cursor: b.rejection.id + 1 }) },
  'POST /api/crm/moneyToConfirm': { reads: true, input: (b) => ({ cursor: b.money.id + 1 }) },
  'POST /api/crm/proofReject': { input: (b) => ({ id: b.proof.id, reason: '驳回' }) },
  'POST /common/delimg': { input: (b) => ({ id: b.file.id }) },
  'POST /api/ysb/uploadImg': { file: true, input: (b) => ({ kind: 'proof', id: b.client.id }) },
  'GET /common/img/:id': {
    reads: true,
    params: (b) => ({ id: b.file.id }),
    input: () => ({ v: 'full', exp: 4_102_444_800, sig: 'forged' }),
  },
  // ---- home loans (issue 5)
  'POST /api/crm/addHouseClient': {
    input: (b) => ({
      name: `房贷${MARK}`,
      phone: '13900005555',
      loan_amount: '100',
      term_months: 240,
      bank: '工商银行',
      channel_id: b.houseChannel.id,
      referrer_id: b.houseClient.id,
    }),
  },
  'POST /api/crm/getHouseList': {
    reads: true,
    input: (b) => ({ cursor: b.houseClient.id + 1, channel_id: b.houseChannel.id }),
  },
  // Lists on the cursor contract: a cursor just past B's record must not page into B's rows.
  ...sameRow(
    { reads: true, input: (b) => ({ cursor: b.houseClient.id + 1 }) },
    'POST /api/crm/getHouseList2',
    'POST /api/crm/getHouseCard',
    'GET /api/crm/houseTeam',
  ),
  'POST /api/crm/getHouseRecommend': { reads: true, input: (b) => ({ cursor: b.houseClient.id + 1000 }) },
  // Not in spec §7 (decision 031): a recommendation's own record.
  'GET /api/crm/getHouseRecommendDetail': { reads: true, input: (b) => ({ id: b.recommend.id }) },
  'POST /api/crm/houseBrokerageUser': { reads: true, input: (b) => ({ cursor: b.brokerageUser.id + 1 }) },
  'POST /api/crm/houseBrokerageList': { reads: true, input: (b) => ({ cursor: b.houseClient.id + 1 }) },
  'POST /api/crm/getHouseAudit': { reads: true, input: (b) => ({ cursor: b.audit.id + 1 }) },
  'POST /api/crm/houseBrokerageOrderList': { reads: true, input: (b) => ({ cursor: b.order.id + 1 }) },
  // Issue 38: finance reveals a waiting order's card as it pays (decision 065).
  'POST /api/crm/revealBrokerageCard': { input: (b) => ({ id: b.order.id }) },
  'GET /api/crm/getHouseDetail': { reads: true, input: (b) => ({ id: b.houseClient.id }) },
  // Issue 38: a house client's, recommendation's or channel contact's number on a tap, logged (decision 065).
  'POST /api/crm/revealHouseContact': { input: (b) => ({ kind: 'client', id: b.houseClient.id, field: 'phone' }) },
  'POST /api/crm/delHouseClient': { input: (b) => ({ id: b.houseClient.id }) },
  'POST /api/crm/addHouseImg': { file: true, input: (b) => ({ id: b.houseClient.id, house_type: 1 }) },
  'GET /api/crm/getHouseImg': { reads: true, input: (b) => ({ id: b.houseClient.id, house_type: 1 }) },
  // Not in spec §7 (decision 033): removes a new client's document.
  'POST /api/crm/delHouseImg': { input: (b) => ({ id: b.houseImage.id }) },
  'POST /api/crm/getHouseChannelList': {
    reads: true,
    input: (b) => ({ cursor: b.houseChannel.id + 1, id: b.houseChannel.id }),
  },
  'POST /api/crm/addHouseRecommend': {
    input: (b) => ({ name: `推荐${MARK}`, phone: '13900006666', channel_id: b.houseChannel.id }),
  },
  'POST /api/crm/addHouseBrokerageUser': {
    input: (b) => ({
      name: '返佣人',
      phone: '13900007777',
      bank_name: '招商银行',
      bank_card: '6225880000000002',
      channel_id: b.houseChannel.id,
    }),
  },
  'POST /api/crm/setHouseBrokerage': {
    input: (b) => ({ id: b.houseClient.id, rate: '1', user_ids: String(b.brokerageUser.id), shares: '100' }),
  },
  'POST /api/crm/updateHouseAudit': { input: (b) => ({ id: b.audit.id, decision: 'approve', reason: '' }) },
  'POST /api/crm/updateHouseBrokerageOrder': { input: (b) => ({ id: b.order.id, remark: '备注', pay_ref: 'PAY1' }) },
  'POST /api/crm/updateHouseBrokerageStatus': { input: (b) => ({ id: b.order.id, status: 2 }) },
  'POST /api/crm/allotHouse': { input: (b) => ({ kind: 'client', id: b.houseClient.id, staff_id: b.owner.id }) },
  'POST /api/crm/houseSignSubmit': {
    input: (b) => ({ id: b.houseClient.id, appointment_at: '2030-01-01 10:00', place: '门店' }),
  },
  // ---- outside partners: the partner portal and the staff side (decision 049)
  'GET /api/crm/outsideClientList': { reads: true, input: (b) => ({ cursor: b.referral.id + 1 }) },
  'GET /api/crm/outsideClientDetail': { input: (b) => ({ id: b.referral.id }) },
  'POST /api/crm/updateOutsideClient': {
    input: (b) => ({ ...caseForm({ name: `报备${MARK}` }), id: b.referral.id }),
  },
  'GET /api/crm/getOutsideUserTeam': { reads: true, input: (b) => ({ cursor: b.partner.id + 1 }) },
  'GET /api/crm/outsideBranchBank': { reads: true, input: (b) => ({ bank_id: b.bank.id }) },
  'GET /api/crm/outsideChannelList': { reads: true, input: (b) => ({ cursor: b.outsideChannel.id + 1 }) },
  'POST /api/crm/outsideChannelAdd': { input: (b) => ({ id: b.outsideChannel.id, name: '改名' }) },
  'POST /api/crm/outsideAddChannel': { input: (b) => ({ client_id: b.referral.id, channel_id: b.outsideChannel.id }) },
  'GET /api/crm/outsideDelChannel': { input: (b) => ({ id: b.outsideChannel.id }) },
  'POST /api/crm/ysbUser': { reads: true, input: (b) => ({ cursor: b.partner.id + 1 }) },
  'POST /api/crm/ysbAudit': { input: (b) => ({ id: b.pendingPartner.id, pass: '1' }) },
  'POST /api/crm/ysbClient': { reads: true, input: (b) => ({ cursor: b.referral.id + 1, partner_id: b.partner.id }) },
  'POST /api/crm/ysbOutsideClient': { input: (b) => ({ id: b.referral.id }) },
  'POST /api/crm/revealReferral': { input: (b) => ({ id: b.referral.id, field: 'id_number' }) },
  // ---- the home-loan channel portal (decision 052): B's agent's referral, waiting for a steward
  'POST /api/houseloan/list': { reads: true, input: (b) => ({ cursor: b.agentReferral.id + 1 }) },
  'POST /api/houseloan/detail': { input: (b) => ({ id: b.agentReferral.id }) },
  'GET /api/houseloan/waiter': { input: (b) => ({ id: b.agentReferral.id }) },
  'POST /api/houseloan/authPhoto': { file: true, input: (b) => ({ id: b.agentReferral.id }) },
  'POST /api/houseloan/brokerage': { reads: true, input: (b) => ({ cursor: b.order.id + 1 }) },
  'POST /api/houseloan/sign': { reads: true, input: (b) => ({ cursor: b.openTask.id + 1 }) },
  'POST /api/houseloan/allot': { input: (b) => ({ id: b.agentReferral.id }) },
  'POST /api/crm/getHousePool': { reads: true, input: (b) => ({ cursor: b.agentReferral.id + 1 }) },
  'POST /api/crm/houseChannelStatus': { input: (b) => ({ id: b.houseChannel.id, enabled: 'false' }) },
  'GET /api/crm/houseChannelEntry': { reads: true, input: (b) => ({ id: b.houseChannel.id }) },
  // ---- the exam centre (decision 050)
  'GET /api/crm/paperDetail': { input: (b) => ({ id: b.paper.id }) },
  'POST /api/crm/paperStart': { input: (b) => ({ id: b.paper.id }) },
  'POST /api/crm/paperAnswer': {
    input: (b) => ({ attempt_id: b.openAttempt.id, question_id: b.paper.questions[0]?.id ?? 1, answer: '0' }),
  },
  'POST /api/crm/paperSubmit': { input: (b) => ({ attempt_id: b.openAttempt.id }) },
  'GET /api/crm/answerList': {
    reads: true,
    input: (b) => ({ cursor: b.markingAttempt.id + 1, paper_id: b.paper.id, scope: 'team' }),
  },
  'GET /api/crm/answerDetail': { input: (b) => ({ id: b.markingAttempt.id }) },
  'POST /api/crm/answerMark': {
    input: (b) => ({ attempt_id: b.markingAttempt.id, question_id: b.paper.questions[3]?.id ?? 1, points: 1 }),
  },
  'GET /api/crm/paperStats': { input: (b) => ({ id: b.paper.id }) },
  // ---- signing centre
  'GET /api/crm/sign': { reads: true, input: (b) => ({ id: b.takenTask.id }) },
  // Issue 38: the task's client phone on a tap, logged (decision 065).
  'POST /api/crm/revealTaskPhone': { input: (b) => ({ id: b.takenTask.id }) },
  'POST /api/crm/taskList': {
    reads: true,
    input: (b) => ({ userid: b.signer.id, flag: 2, cursor: b.takenTask.id + 1 }),
  },
  'POST /api/crm/takeTask': { input: (b) => ({ id: b.openTask.id }) },
  'POST /api/crm/updateTask': { input: (b) => ({ id: b.takenTask.id, outcome: 'signed', note: '' }) },
  'POST /api/crm/auditSignReject': { input: (b) => ({ id: b.rejectedTask.id, decision: 'approve', reason: '' }) },
  'POST /api/crm/wxWorkApprove': { input: (b) => ({ id: b.rejectedTask.id }) },
  // ---- FAQ (issue 14)
  'GET /api/crm/faqCategory': { reads: true, input: (b) => ({ type_id: b.faq.typeId }) },
  'POST /api/crm/faqList': {
    reads: true,
    input: (b) => ({ cursor: b.faq.entryId + 1, type_id: b.faq.typeId, category_id: b.faq.categoryId }),
  },
  'POST /api/crm/faqDetail': { input: (b) => ({ id: b.faq.entryId }) },
  'POST /api/crm/faqFeedback': { input: (b) => ({ id: b.faq.entryId, helpful: 'true' }) },
  'GET /api/crm/faqImage': { input: (b) => ({ id: b.faq.imageId }) },
  // ---- financing agreement and fair check-in (decision 051)
  'GET /api/crm/financePact': { input: (b) => ({ id: b.client.id }) },
  'POST /api/crm/fairCheckin': { input: (b) => ({ fair_id: b.fair.id }) },
  // ---- the WeCom sidebar's customer files (decision 055)
  'POST /api/chattergee/userlist': { reads: true, input: (b) => ({ cursor: b.filing.id + 1 }) },
  'POST /api/chattergee/pointList': { input: (b) => ({ id: b.filing.id }) },
  'POST /api/chattergee/openPurse': { input: (b) => ({ id: b.filing.id }) },
  'POST /api/chattergee/authFiling': {
    file: true,
    input: (b) => ({ id: b.filing.id, real_name: '陈静', id_number: '11010519491231002X' }),
  },
  // ---- marketing activities (decision 056): a visitor's calls and the staff's lists
  'POST /api/crm/lotteryDraw': { input: (b) => ({ activity_id: b.activities.lottery.id }) },
  'POST /api/crm/coupon': { input: (b) => ({ activity_id: b.activities.coupon.id }) },
  'POST /api/crm/addActivityData': {
    input: (b) => ({
      activity_id: b.activities.car.id,
      name: '访客',
      phone: '13900001111',
      car_model: `车型${MARK}`,
      date: '2099-01-01',
    }),
  },
  'POST /api/crm/activityMine': { reads: true, input: (b) => ({ activity_id: b.activities.signin.id }) },
  'POST /api/crm/getActivityDataList': { input: (b) => ({ activity_id: b.activities.car.id }) },
  'GET /api/crm/activityList': { input: (b) => ({ channel_id: b.houseChannel.id }) },
  // ---- electronic signing (decision 054); the signer's calls are public to the staff guard and take no id
  'POST /api/esign/add': { input: (b) => ({ user_id: b.client.id }) },
  'POST /api/esign/list': { reads: true, input: (b) => ({ cursor: b.esignOrder.id + 1 }) },
  ...sameRow(
    { input: (b) => ({ id: b.esignOrder.id }) },
    'POST /api/esign/order',
    'POST /api/esign/evidence',
    'POST /api/esign/resend',
    'POST /api/esign/cancel',
  ),
  'POST /api/esign/open': {
    input: (b) => ({ id: b.esignOrder.id, bank_card: '6222021234567890123', bank_name: '工商银行' }),
  },
  'POST /api/esign/download': { input: (b) => ({ id: b.esignOrder.id, file: 'original' }) },
  // ---- the client's consent (decision 073); the client's own calls are public and take the link's token
  'POST /api/crm/consentStatus': { reads: true, input: (b) => ({ case_id: b.client.id }) },
  'POST /api/crm/consentRequest': { input: (b) => ({ case_id: b.client.id }) },
  'POST /api/crm/consentUpload': { file: true, input: (b) => ({ case_id: b.client.id }) },
  'POST /api/crm/consentWithdraw': { input: (b) => ({ case_id: b.client.id, reason: '客户撤回' }) },
  // ---- the back office (decision 057): A's company admin is among the principals below
  'GET /api/admin/staff': { reads: true, input: (b) => ({ cursor: b.signer.id }) },
  'POST /api/admin/staff/add': { input: (b) => ({ name: '新人', phone: '13912340001', team_id: b.team.id }) },
  'POST /api/admin/staff/update': { input: (b) => ({ id: b.owner.id, name: '改名' }) },
  // The handover (decision 066): B's staff handed to B's colleague or the pool, B's handover polled and reported.
  'POST /api/admin/handover': { input: (b) => ({ from_id: b.owner.id, to_id: b.signer.id, disable: 'true' }) },
  'POST /api/admin/handoverResult': { input: (b) => ({ id: b.handover.id }) },
  'GET /api/admin/handoverReport': { input: (b) => ({ id: b.handover.id }) },
  'POST /api/admin/teams/update': { input: (b) => ({ id: b.team.id, name: '改名' }) },
  'POST /api/admin/notices/update': { input: (b) => ({ id: b.notice.id, text: '改写' }) },
  'GET /api/admin/audit': { reads: true, input: (b) => ({ cursor: b.notice.id + 1000 }) },
  'GET /api/admin/refs': { reads: true, input: (b) => ({ kind: 'bank', parent_id: b.bank.id }) },
  'POST /api/admin/refs/add': { input: (b) => ({ kind: 'bank', parent_id: b.bank.id, name: '挂到B' }) },
  'POST /api/admin/refs/update': { input: (b) => ({ kind: 'bank', id: b.bank.id, name: '改名' }) },
  'GET /api/admin/products': { reads: true, input: (b) => ({ cursor: b.product.id + 1000 }) },
  'POST /api/admin/products/add': {
    input: (b) => ({ bank_id: b.bank.id, name: '挂到B', min_amount_fen: 0, max_amount_fen: 1 }),
  },
  'POST /api/admin/products/update': { input: (b) => ({ id: b.product.id, name: '改名' }) },
  'GET /api/admin/papers': { reads: true, input: (b) => ({ cursor: b.paper.id + 1000 }) },
  'GET /api/admin/papers/entry': { input: (b) => ({ id: b.paper.id }) },
  'GET /api/admin/activities': { reads: true, input: (b) => ({ cursor: b.activities.lottery.id + 1000 }) },
  'GET /api/admin/activities/entry': { input: (b) => ({ id: b.activities.lottery.id }) },
  'GET /api/admin/faq': { reads: true, input: (b) => ({ cursor: b.faq.entryId + 1000 }) },
  'GET /api/admin/faq/entry': { input: (b) => ({ id: b.faq.entryId }) },
  'POST /api/admin/faq/save': {
    input: (b) => ({ id: b.faq.entryId, title: '改写', type: '业务', category: '放款', body: '正文' }),
  },
  'POST /api/admin/faq/synonyms/save': { input: (b) => ({ id: b.faq.synonymId, words: '放款 下款' }) },
  'POST /api/admin/faq/synonyms/delete': { input: (b) => ({ id: b.faq.synonymId }) },
  'POST /api/admin/robots/save': {
    input: (b) => ({ id: b.robotId, name: '改', webhook: '', events: 'case-created' }),
  },
  'POST /api/admin/robots/delete': { input: (b) => ({ id: b.robotId }) },
  'POST /api/admin/robots/test': { input: (b) => ({ id: b.robotId }) },
  // ---- the approved scripts and group sends (decision 080)
  'POST /api/admin/scripts/save': {
    input: (b) => ({ id: b.scriptId, topic: 'product', title: '改', content: '改' }),
  },
  'POST /api/chattergee/scriptUse': { input: (b) => ({ id: b.scriptId }) },
  'POST /api/crm/groupSend/preview': { reads: true, input: (b) => ({ owner_ids: String(b.owner.id) }) },
  'POST /api/crm/groupSend/create': {
    input: (b) => ({ owner_ids: String(b.owner.id), text: '群发', activity_id: b.activities.coupon.id }),
  },
  'POST /api/crm/groupSend/list': { reads: true, input: (b) => ({ cursor: b.groupSendId + 1 }) },
  'POST /api/crm/groupSend/detail': { input: (b) => ({ id: b.groupSendId }) },
  'POST /api/crm/groupSend/refresh': { input: (b) => ({ id: b.groupSendId }) },
  // 渠道活码 (decision 083): a QR for B's member, and B's QR.
  'POST /api/contactWays/create': { input: (b) => ({ name: `码${MARK}`, kind: 'channel', staff_id: b.owner.id }) },
  ...sameRow(
    { input: (b) => ({ id: b.contactWayId }) },
    'POST /api/contactWays/disable',
    'POST /api/contactWays/simulate',
  ),
  'GET /api/admin/faq/unanswered': { reads: true, input: (b) => ({ cursor: b.faq.questionId + 1000 }) },
  'POST /api/admin/faq/unanswered/handle': { input: (b) => ({ id: b.faq.questionId }) },
  'POST /api/admin/companies/update': { input: (b) => ({ id: b.corp.id, name: '改名' }) },
  // ---- the back office's import, export and WeCom sync (decision 059)
  'POST /api/admin/import/commit': { input: (b) => ({ import_id: b.dataImport.id }) },
  'GET /api/admin/import/errors': { input: (b) => ({ import_id: b.dataImport.id }) },
  // An export covers the caller's own company only: B's ids narrow it to nothing of B's.
  'POST /api/admin/export/start': {
    reads: true,
    input: (b) => ({
      kind: 'cases',
      owner_id: b.owner.id,
      team_id: b.team.id,
      bank_id: b.bank.id,
      channel_id: b.channel.id,
    }),
  },
  'GET /api/admin/export/status': { input: (b) => ({ id: b.dataExport.id }) },
  'GET /api/admin/export/download': { input: (b) => ({ id: b.dataExport.id, exp: 0, sig: 'forged' }) },
  // ---- the commission ledger, claw-backs and statements (decision 067)
  'POST /api/crm/commissionLedger': {
    reads: true,
    input: (b) => ({ receiver_kind: 'partner', receiver_id: b.partner.id, cursor: b.ledgerLine.id + 1 }),
  },
  'POST /api/crm/commissionPay': { input: (b) => ({ receiver_kind: 'partner', receiver_id: b.partner.id }) },
  'POST /api/crm/clawbackList': { reads: true, input: (b) => ({ cursor: b.clawback.id + 1 }) },
  'POST /api/crm/clawbackDecide': { input: (b) => ({ id: b.clawback.id, decision: 'approve', remark: '' }) },
  'POST /api/crm/statementList': { reads: true, input: (b) => ({ cursor: b.statement.id + 1 }) },
  ...sameRow(
    { input: (b) => ({ id: b.statement.id }) },
    'POST /api/crm/statementDetail',
    'POST /api/crm/statementSend',
    'GET /api/crm/statementPdf',
    'GET /api/crm/statementXlsx',
  ),
  'POST /api/crm/statementDispute': {
    input: (b) => ({ id: b.statement.id, line_id: b.ledgerLine.id, note: '异议' }),
  },
  'POST /api/crm/statementAnswer': { input: (b) => ({ id: b.dispute.id, answer: '答复' }) },
};

/** Company B: one record of every kind, each text field carrying MARK, owned by B's own staff. */
async function companyB(db: TestApp['db']) {
  const corp = await createCompany(db, `乙公司${MARK}`);
  const team = await createTeam(db, corp.id);
  const owner = await createStaff(db, corp.id, { teamId: team.id, name: `业务${MARK}` });
  const leader = await createStaff(db, corp.id, { teamId: team.id, isLeader: true, jobs: [2, 3, 4, 5] });
  const signer = await createStaff(db, corp.id, { teamId: team.id, jobs: [2], name: `签约${MARK}` });
  await grantStaff(db, leader);
  const { bank, product } = await createBankAndProduct(db, corp.id, { name: `产品${MARK}` });
  const [channel] = await db
    .insert(channels)
    .values({ corpId: corp.id, name: `渠道${MARK}` })
    .returning();
  const client = await createCase(db, owner, { name: `客户${MARK}`, remarks: MARK, bankCard: '6222021001112223334' });
  const [followUp] = await db
    .insert(followUps)
    .values({
      corpId: corp.id,
      clientId: client.id,
      staffId: owner.id,
      note: MARK,
      nextContactAt: new Date('2020-01-01'),
    })
    .returning();
  const [serviceRequest] = await db
    .insert(serviceRequests)
    .values({ corpId: corp.id, clientId: client.id })
    .returning();
  const [appeal] = await db
    .insert(appeals)
    .values({ corpId: corp.id, clientId: client.id, staffId: owner.id, teamId: team.id, reason: MARK })
    .returning();
  const [money] = await db
    .insert(moneyRecords)
    .values({
      corpId: corp.id,
      clientId: client.id,
      amountFen: 10_000,
      paidOn: '2026-11-01',
      method: 1,
      note: MARK,
      createdBy: owner.id,
      idempotencyKey: randomUUID(),
    })
    .returning();
  const image = (about: Omit<Parameters<typeof createImageRow>[1], 'corpId' | 'uploaderId'>) =>
    createImageRow(db, { ...about, corpId: corp.id, uploaderId: owner.id });
  const file = await image({ ownerKind: 'case', clientId: client.id });
  const [proof] = await db
    .insert(proofs)
    .values({ corpId: corp.id, clientId: client.id, type: 1, createdBy: owner.id })
    .returning();
  const [rejection] = await db
    .insert(proofRejections)
    .values({
      corpId: corp.id,
      proofId: proof?.id ?? 0,
      clientId: client.id,
      ownerId: owner.id,
      reason: MARK,
      rejectedBy: leader.id,
    })
    .returning();
  const houseChannel = await createChannel(db, corp.id, owner.id, { name: `房贷渠道${MARK}` });
  const houseClient = await createHouseClient(db, corp.id, owner.id, {
    name: `房贷客户${MARK}`,
    channelId: houseChannel.id,
    stewardId: leader.id,
  });
  const houseFile = await image({ ownerKind: 'house_client', houseClientId: houseClient.id });
  const [houseImage] = await db
    .insert(houseImages)
    .values({
      corpId: corp.id,
      houseClientId: houseClient.id,
      houseType: 1,
      fileId: houseFile.id,
      uploadedBy: owner.id,
    })
    .returning();
  const brokerageUser = await createBrokerageUser(db, corp.id, owner.id, { name: `返佣${MARK}` });
  const agent = await createBrokerageUser(db, corp.id, owner.id, { name: `经纪人${MARK}`, channelId: houseChannel.id });
  const agentReferral = await createHouseClient(db, corp.id, owner.id, {
    name: `渠道报单${MARK}`,
    channelId: houseChannel.id,
    channelAgentId: agent.id,
    source: 'channel',
  });
  const recommend = await insertRow(
    db,
    houseRecommends,
    { corpId: corp.id, staffId: owner.id, name: `推荐${MARK}`, phone: '13900008888' },
    'recommend',
  );
  const [audit] = await db
    .insert(houseAudits)
    .values({
      corpId: corp.id,
      houseClientId: houseClient.id,
      requestedBy: owner.id,
      rateBp: 500,
      amountFen: 10_000,
      receiverIds: [brokerageUser.id],
      shares: [100],
    })
    .returning();
  const [order] = await db
    .insert(houseBrokerageOrders)
    .values({
      corpId: corp.id,
      houseClientId: houseClient.id,
      brokerageUserId: brokerageUser.id,
      amountFen: 10_000,
      rateBp: 100,
      createdBy: leader.id,
    })
    .returning();
  const openTask = await createSignTask(db, corp.id, { clientId: client.id });
  const takenTask = await createSignTask(
    db,
    corp.id,
    { houseClientId: houseClient.id },
    { status: 'taken', signerId: signer.id },
  );
  // A second case: one live signing task per case.
  const rejectedCase = await createCase(db, owner, { name: `客户${MARK}`, remarks: MARK });
  const rejectedTask = await createSignTask(
    db,
    corp.id,
    { clientId: rejectedCase.id },
    { status: 'rejected', signerId: signer.id, outcomeNote: MARK },
  );
  await db.insert(banks).values({ corpId: corp.id, parentId: bank.id, name: `支行${MARK}` });
  const partner = await createPartner(db, owner, { name: `伙伴${MARK}` });
  const pendingPartner = await createPartner(db, owner, { name: `待审${MARK}`, status: 0 });
  const referral = await createReferral(db, partner, {
    name: `报备${MARK}`,
    idNumber: '310104198503121234',
    remarks: MARK,
    protectedUntil: new Date('2100-01-01T00:00:00Z'),
  });
  const outsideChannel = await createOutsideChannel(db, partner, `渠道${MARK}`);
  const [faqEntryId] = await createFaqService({
    repo: createFaqRepository(db),
    llm: null,
    now: systemClock,
    copilotPerMinute: 0,
  }).importEntries(corp.id, [
    {
      key: 'b',
      type: `类型${MARK}`,
      category: `分类${MARK}`,
      title: `问答${MARK}`,
      keywords: MARK,
      body: `${MARK}\n\n![图](b.png)`,
      images: [{ name: 'b.png', contentType: 'image/png', data: await tinyPng() }],
    },
  ]);
  const [faqEntry] = await db
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.id, faqEntryId ?? 0));
  const [faqImage] = await db
    .select()
    .from(faqImages)
    .where(eq(faqImages.entryId, faqEntryId ?? 0));
  if (!faqEntry || !faqImage) throw new Error('company B: faq not created');
  const faq = {
    entryId: faqEntry.id,
    categoryId: faqEntry.categoryId,
    typeId: (await db.select().from(faqCategories).where(eq(faqCategories.id, faqEntry.categoryId)))[0]?.typeId ?? 0,
    imageId: faqImage.id,
    synonymId:
      (
        await db
          .insert(faqSynonyms)
          .values({ corpId: corp.id, words: [`甲${MARK}`, `乙${MARK}`], updatedAt: new Date('2026-01-01T00:00:00Z') })
          .returning({ id: faqSynonyms.id })
      )[0]?.id ?? 0,
    questionId:
      (
        await db
          .insert(faqQuestions)
          .values({
            corpId: corp.id,
            staffId: owner.id,
            question: `问题${MARK}`,
            answer: '',
            kind: 'unknown',
            createdAt: new Date('2026-01-01T00:00:00Z'),
          })
          .returning({ id: faqQuestions.id })
      )[0]?.id ?? 0,
  };
  const paper = await createPaper(db, corp.id, {
    title: `试卷${MARK}`,
    intro: MARK,
    ownerId: leader.id,
    questions: EVERY_KIND.map((q) => ({ ...q, text: `${q.text}${MARK}`, reference: MARK })),
  });
  const openAttempt = await createAttempt(db, paper, owner.id, 600);
  const markingAttempt = await createAttempt(db, paper, leader.id, -600, { status: 'marking' });
  await db.insert(examAnswers).values({
    corpId: corp.id,
    attemptId: markingAttempt.id,
    questionId: paper.questions[3]?.id ?? 0,
    choice: [],
    text: MARK,
  });
  const fair = await insertRow(
    db,
    fairs,
    { corpId: corp.id, name: `展会${MARK}`, venue: MARK, startsOn: '2000-01-01', endsOn: '2100-01-01' },
    'fair',
  );
  const filing = await insertRow(
    db,
    customerFilings,
    {
      corpId: corp.id,
      externalUserid: 'wmDemoChen0001',
      staffId: owner.id,
      name: `客户${MARK}`,
      remark: MARK,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    'customer filing',
  );
  const activities = await authorB(db, corp.id);
  const esignOrder = await insertRow(
    db,
    esignOrders,
    {
      corpId: corp.id,
      staffId: owner.id,
      clientId: client.id,
      signerName: `客户${MARK}`,
      signerPhone: '13900008888',
      signerIdNumber: client.idNumber,
      title: `签署${MARK}`,
      pages: [{ title: MARK, paragraphs: [MARK] }],
      originalSha256: MARK,
      chainHead: MARK,
    },
    'esign order',
  );
  // The partner's commission account: a line, a claw-back waiting, a statement and a dispute (decision 067).
  const ledgerLine = await insertRow(
    db,
    commissionLines,
    {
      corpId: corp.id,
      receiverKind: 'partner',
      receiverId: partner.id,
      kind: 'accrual',
      amountFen: 100_000,
      dealKind: 'case',
      dealId: client.id,
      note: MARK,
      createdAt: new Date('2026-01-10T00:00:00Z'),
    },
    'ledger line',
  );
  const clawback = await insertRow(
    db,
    commissionClawbacks,
    {
      corpId: corp.id,
      receiverKind: 'partner',
      receiverId: partner.id,
      dealKind: 'case',
      dealId: client.id,
      trigger: 'case_returned',
      paidFen: 100_000,
      paidAt: new Date('2026-01-11T00:00:00Z'),
      amountFen: 100_000,
      proposedBy: owner.id,
      remark: MARK,
      createdAt: new Date('2026-01-12T00:00:00Z'),
    },
    'claw-back',
  );
  const statement = await insertRow(
    db,
    commissionStatements,
    {
      corpId: corp.id,
      receiverKind: 'partner',
      receiverId: partner.id,
      receiverName: `伙伴${MARK}`,
      period: '2026-01',
      openingFen: 0,
      creditsFen: 100_000,
      debitsFen: 0,
      closingFen: 100_000,
      payableFen: 100_000,
      payOn: '2026-02-10',
      lines: [
        {
          id: ledgerLine.id,
          kind: 'accrual',
          amount_fen: 100_000,
          netted_fen: 0,
          client: MARK,
          deal: MARK,
          note: MARK,
          created_at: '2026-01-10T00:00:00.000Z',
        },
      ],
      issuedAt: new Date('2026-02-05T00:00:00Z'),
    },
    'statement',
  );
  const dispute = await insertRow(
    db,
    commissionDisputes,
    {
      corpId: corp.id,
      statementId: statement.id,
      lineId: ledgerLine.id,
      note: MARK,
      createdAt: new Date('2026-02-06T00:00:00Z'),
    },
    'dispute',
  );
  const found = {
    channel,
    followUp,
    serviceRequest,
    appeal,
    money,
    file,
    proof,
    rejection,
    houseImage,
    recommend,
    audit,
    order,
  };
  for (const [name, row] of Object.entries(found)) if (!row) throw new Error(`company B: ${name} not created`);
  const notice = await insertRow(db, notices, { corpId: corp.id, text: `公告${MARK}` }, 'notice');
  const handover = await insertRow(
    db,
    staffHandovers,
    {
      corpId: corp.id,
      fromId: owner.id,
      toId: signer.id,
      toPool: false,
      disabled: false,
      actorId: leader.id,
      moved: { cases: 1 },
      unmoved: [{ kind: 'partners', name: `伙伴${MARK}`, reason: MARK }],
      wecom: { mode: 'none', handoverUserid: '', takeoverUserid: '', contacts: [] },
    },
    'handover',
  );
  // An XLSX import previewed and an export written by B's admin (decision 059).
  const at = new Date();
  /** What both of those tables key a row by: the company, a random text id, the time. */
  const adminioKey = () => ({ corpId: corp.id, id: randomUUID().replaceAll('-', ''), createdAt: at });
  const dataImport = await insertRow(
    db,
    dataImports,
    {
      kind: 'staff',
      createdBy: owner.id,
      fileName: MARK,
      rows: [{ row: 2, cells: [MARK, '13900007777', '', '', '', ''] }],
      rowCount: 1,
      errorCount: 0,
      ...adminioKey(),
    },
    'data import',
  );
  const dataExport = await insertRow(
    db,
    dataExports,
    {
      kind: 'cases',
      requestedBy: owner.id,
      filter: { keyword: MARK },
      status: 'done',
      rowsDone: 1,
      rowsTotal: 1,
      updatedAt: at,
      ...adminioKey(),
    },
    'data export',
  );
  // A robot of B's, its key left blank: the matrix is about ids, not WeCom.
  const robotId = (
    await insertRow(
      db,
      teamRobots,
      { corpId: corp.id, name: `群${MARK}`, webhookKey: '', events: ['case-created'], updatedAt: at },
      'robot',
    )
  ).id;
  const scriptId = (
    await insertRow(
      db,
      chatScripts,
      { corpId: corp.id, topic: 'product', title: `话术${MARK}`, content: MARK, updatedBy: owner.id, updatedAt: at },
      'script',
    )
  ).id;
  const groupSendId = (
    await insertRow(
      db,
      groupSends,
      {
        corpId: corp.id,
        createdBy: owner.id,
        text: MARK,
        audience: { owner_ids: [], tags: [], sources: [] },
        month: '2026-11',
        createdAt: at,
      },
      'group send',
    )
  ).id;
  const contactWayId = (
    await insertRow(
      db,
      contactWays,
      {
        corpId: corp.id,
        name: `码${MARK}`,
        kind: 'channel',
        state: `cw${MARK}`,
        staffId: owner.id,
        configId: 'b-config',
        qrCode: '',
        createdBy: owner.id,
        createdAt: at,
      },
      'contact way',
    )
  ).id;
  return {
    robotId,
    scriptId,
    groupSendId,
    contactWayId,
    ledgerLine,
    handover,
    clawback,
    statement,
    dispute,
    dataImport,
    dataExport,
    notice,
    team,
    corp,
    owner,
    leader,
    signer,
    bank,
    product,
    client,
    houseChannel,
    houseClient,
    agentReferral,
    brokerageUser,
    agent,
    openTask,
    takenTask,
    rejectedTask,
    partner,
    pendingPartner,
    referral,
    outsideChannel,
    faq,
    paper,
    openAttempt,
    markingAttempt,
    fair,
    filing,
    activities,
    esignOrder,
    ...(found as { [K in keyof typeof found]: NonNullable<(typeof found)[K]> }),
  };
}

/** B's activities, one of each kind, with a sign-up, each title carrying MARK. */
async function authorB(db: TestApp['db'], corpId: number) {
  const base = {
    starts_at: '2000-01-01T00:00:00Z',
    ends_at: '2100-01-01T00:00:00Z',
    intro: MARK,
    complaint_contact: `投诉${MARK}`,
    published: true,
  };
  const at = new Date();
  const write = (spec: Record<string, unknown>) =>
    authorActivity(db, corpId, activitySpecSchema.parse({ ...base, ...spec }), at);
  const car = await write({
    key: 'car',
    type: 'car',
    title: `试驾${MARK}`,
    fields: [{ name: 'car_model', label: MARK, options: [`车型${MARK}`] }],
  });
  const lottery = await write({
    key: 'lottery',
    type: 'lottery',
    title: `抽奖${MARK}`,
    lottery: { pool_size: 10, prizes: [{ tier: 1, name: `奖品${MARK}`, stock: 10, value_fen: 1000 }] },
  });
  const coupon = await write({
    key: 'coupon',
    type: 'coupon',
    title: `券${MARK}`,
    coupon: { title: `券${MARK}`, value_fen: 100, stock: 5 },
  });
  const signin = await write({ key: 'signin', type: 'signin', title: `签到${MARK}` });
  await insertRow(
    db,
    activityEntries,
    {
      corpId,
      activityId: car.id,
      openid: 'o-visitor-a',
      name: MARK,
      phone: '13900002222',
      answers: { car_model: MARK },
      createdAt: at,
    },
    'entry',
  );
  await insertRow(
    db,
    activityEntries,
    {
      corpId,
      activityId: signin.id,
      openid: 'o-visitor-a',
      name: MARK,
      phone: '13900002222',
      createdAt: at,
    },
    'entry',
  );
  return { car, lottery, coupon, signin };
}

/** Company A: a principal of every kind, staff of every role among them. */
async function principalsOfA(test: TestApp) {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const staffOf = (overrides: Parameters<typeof createStaff>[2]) =>
    createStaff(test.db, corp.id, { teamId: team.id, ...overrides });
  const roles = {
    salesperson: await staffOf({}),
    leader: await staffOf({ isLeader: true }),
    'job 2 signer': await staffOf({ jobs: [2] }),
    'job 3 service': await staffOf({ jobs: [3] }),
    'job 4 finance leader': await staffOf({ jobs: [4], isLeader: true }),
    'job 5 steward': await staffOf({ jobs: [5] }),
    'job 6 rebate only': await staffOf({ jobs: [6] }),
    'rejection approver': await staffOf({ jobs: [2] }),
  };
  await grantStaff(test.db, roles['rejection approver']);
  const admin = await staffOf({ name: '甲管理员' });
  await grantStaff(test.db, admin, 'company.admin');
  roles['company admin' as keyof typeof roles] = admin;
  const cookies: Record<string, string | undefined> = { 'no session': undefined };
  for (const [role, person] of Object.entries(roles)) cookies[`staff: ${role}`] = await staffCookie(test, person);
  const others: PrincipalSubject[] = [
    { kind: 'partner', corpId: corp.id, partnerId: (await createPartner(test.db, roles.salesperson)).id },
    {
      kind: 'channel',
      corpId: corp.id,
      channelAgentId: (
        await createBrokerageUser(test.db, corp.id, roles.salesperson.id, {
          channelId: (await createChannel(test.db, corp.id, roles.salesperson.id)).id,
          phone: '13700009999',
        })
      ).id,
    },
    { kind: 'visitor', corpId: corp.id, openid: 'o-visitor-a' },
  ];
  for (const subject of others) cookies[subject.kind] = await sessionCookie(test, subject);
  return cookies;
}

let jpeg: Buffer;
const test = testAppForFile();
beforeAll(async () => {
  jpeg = await makeJpeg({ width: 64, height: 64 });
});

/** The built calls that take an id-like parameter, from the route table. */
function idTakingRoutes() {
  return test.app.routeTable
    .filter((route) => route.method !== 'HEAD' && !route.isPublic && !upcomingCalls.has(`${route.method} ${route.url}`))
    .filter((route) => routeFields(route.schema).some((name) => ID_LIKE.test(name)))
    .map((route) => `${route.method} ${route.url}`);
}

async function call(key: string, row: Row, b: World, cookie: string | undefined): Promise<LightMyRequestResponse> {
  const [method, pattern = ''] = key.split(' ');
  const params = row.params?.(b) ?? {};
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
  const fields = row.input(b);
  if (row.file) return postFile(test, url, fields, jpeg, cookie ? { cookie } : {});
  if (method === 'GET') {
    return test.app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      headers: cookie ? { cookie } : {},
    });
  }
  return postForm(test.app, url, fields, cookie ? { cookie } : {});
}

/** Why an answer leaks, or null when it does not. */
function leak(response: LightMyRequestResponse, row: Row): string | null {
  if (response.body.includes(MARK)) return `answered B's data (${response.statusCode})`;
  const isJson = (response.headers['content-type'] ?? '').toString().includes('application/json');
  if (!isJson) return response.statusCode < 300 ? `answered a ${String(response.headers['content-type'])} body` : null;
  const body = response.json<{ code: number; msg: string; data: unknown }>();
  if (body.code === 0) return row.reads ? null : "acted on B's record (code 0)";
  if (body.data !== null) return 'a refusal carrying data';
  if (![200, 401, 403, 404].includes(response.statusCode)) return `HTTP ${response.statusCode}`;
  return null;
}

/**
 * Calls that name a person by phone or ID number instead of a record id (decision 071, the data-subject request),
 * aimed at B's client: no principal of A may see, export or erase anything of B's through them.
 */
const PERSON_ROWS: Record<string, Row> = {
  'POST /api/admin/subject': { reads: true, input: (b) => ({ who: b.client.phone }) },
  'POST /api/admin/subject/export': { input: (b) => ({ who: b.client.phone }) },
  'POST /api/admin/subject/erase': { input: (b) => ({ who: b.client.phone }) },
};

describe("the access matrix: company A against company B's records", () => {
  it('has a row for every built call that takes a record id, and no row for a call that is gone', () => {
    const routes = idTakingRoutes();
    expect(routes.filter((key) => !(key in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((key) => !routes.includes(key))).toEqual([]);
    // Every spec §7 call is a route (upcoming.routes.test.ts); the rows reach into its built part.
    expect(specEndpoints.filter(({ method, path: p }) => `${method} ${p}` in ROWS).length).toBeGreaterThan(40);
  });

  it("never answers B's data to any principal of A", async () => {
    const b = await companyB(test.db);
    const principals = await principalsOfA(test);
    const leaks: string[] = [];
    const outcomes: Record<string, number> = {};
    let combinations = 0;
    for (const [key, row] of Object.entries(ROWS)) {
      for (const [who, cookie] of Object.entries(principals)) {
        const response = await call(key, row, b, cookie);
        combinations += 1;
        const why = leak(response, row);
        if (why) leaks.push(`${key} as ${who}: ${why}: ${response.body.slice(0, 160)}`);
        const code = response.headers['content-type']?.toString().includes('json')
          ? response.json<{ code: number }>().code
          : 'file';
        const outcome = `HTTP ${response.statusCode} code ${code}`;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }
    console.log(`access matrix: ${combinations} combinations, ${leaks.length} leaks`, outcomes);
    expect(leaks).toEqual([]);
    expect(combinations).toBe(Object.keys(ROWS).length * Object.keys(principals).length);
    // Every call of every principal, one after another: well over a thousand requests on a shared machine.
  }, 180_000);

  it("never shows, exports or erases B's person to any principal of A (calls keyed by phone or ID number)", async () => {
    const b = await companyB(test.db);
    const principals = await principalsOfA(test);
    const leaks: string[] = [];
    for (const [key, row] of Object.entries(PERSON_ROWS))
      for (const [who, cookie] of Object.entries(principals)) {
        const response = await call(key, row, b, cookie);
        const why = leak(response, row);
        if (why) leaks.push(`${key} as ${who}: ${why}: ${response.body.slice(0, 160)}`);
      }
    expect(leaks).toEqual([]);
    // B's person is still whole.
    const [still] = await test.db.select().from(clients).where(eq(clients.id, b.client.id));
    expect(still?.phone).toBe(b.client.phone);
  });

  it("sees a leak when there is one: B's own staff reading B's records is flagged", async () => {
    const b = await companyB(test.db);
    const cookie = await staffCookie(test, b.owner);
    for (const key of ['GET /api/crm/detail', 'POST /api/crm/moneyList', 'GET /api/crm/getHouseDetail']) {
      const row = ROWS[key];
      if (!row) throw new Error(`no row ${key}`);
      expect(leak(await call(key, row, b, cookie), row)).toMatch(/B's data/);
    }
  });
});

/*
 * Issue 38, point 2 (JR/T 0171-2020 C2): every list and detail answer, to every principal of the company that
 * owns the records, shows phones, ID numbers and bank cards masked. A full number travels only in a reveal
 * answer (a tap, logged). The same rows aim the calls, now at the caller's own company's records.
 */

/** Answers that carry a full number on purpose: the logged reveal calls. */
const REVEALS = new Set([
  'POST /api/crm/revealClient',
  'POST /api/crm/revealBrokerageCard',
  'POST /api/crm/revealHouseContact',
  'POST /api/crm/revealTaskPhone',
  'POST /api/crm/revealReferral',
]);
/** Id-taking calls that read one record without changing it (not marked `reads`: they refuse another company). */
const DETAILS = [
  'GET /api/crm/outsideClientDetail',
  'POST /api/crm/ysbOutsideClient',
  'POST /api/houseloan/detail',
  'GET /api/houseloan/waiter',
  'GET /api/crm/paperDetail',
  'GET /api/crm/answerDetail',
  'GET /api/crm/paperStats',
  'POST /api/crm/faqDetail',
  'GET /api/crm/financePact',
  'POST /api/chattergee/pointList',
  'POST /api/crm/groupSend/detail',
  'POST /api/esign/order',
  'POST /api/crm/getActivityDataList',
  'GET /api/crm/activityList',
  'GET /api/admin/papers/entry',
  'GET /api/admin/activities/entry',
  'GET /api/admin/faq/entry',
  'GET /api/admin/export/status',
];
/**
 * Full numbers still answered on purpose, each with why (decision 065). Staff work phones are not client data
 * and are listed apart (`staffPhones`, below): the directory, a channel agent's steward, whoever wrote a paper.
 * A partner's own referral stays whole to that partner: they typed it and correct it while it is protected
 * (the edit form sends the numbers back whole). Anything else fails.
 */
const SHOWN_ON_PURPOSE: Record<string, { kinds: string[]; to?: RegExp }> = {
  'GET /api/crm/outsideClientDetail': { kinds: ['phone', 'ID number', 'bank card'], to: /^partner$/ },
};

/** A full mobile phone, an 18- or 15-character ID number, a 16–19-digit card: standing alone, not inside a longer token. */
const FULL_NUMBERS: Array<[string, RegExp]> = [
  ['phone', /(?<![\dA-Za-z])1[3-9]\d{9}(?![\dA-Za-z])/g],
  ['ID number', /(?<![\dA-Za-z])(?:\d{17}[\dXx]|\d{15})(?![\dA-Za-z])/g],
  ['bank card', /(?<![\dA-Za-z])\d{16,19}(?![\dA-Za-z])/g],
];

/** The full numbers an answer shows, by kind. */
export function fullNumbers(body: string): string[] {
  return FULL_NUMBERS.flatMap(([kind, pattern]) => [...body.matchAll(pattern)].map((m) => `${kind} ${m[0]}`));
}

/** Every kind of principal of company B itself, staff of every role among them, with B's records in reach. */
async function principalsOfB(b: World) {
  const staffOf = (overrides: Parameters<typeof createStaff>[2]) =>
    createStaff(test.db, b.corp.id, { teamId: b.team.id, ...overrides });
  const approver = await staffOf({ jobs: [2] });
  await grantStaff(test.db, approver);
  const admin = await staffOf({});
  await grantStaff(test.db, admin, 'company.admin');
  const people = {
    "salesperson (the records' owner)": b.owner,
    'leader (jobs 2-5, approver)': b.leader,
    'job 2 signer (holds tasks)': b.signer,
    'job 2 signer (no task)': await staffOf({ jobs: [2] }),
    'job 3 service': await staffOf({ jobs: [3] }),
    'job 4 finance': await staffOf({ jobs: [4] }),
    'job 4 finance leader': await staffOf({ jobs: [4], isLeader: true }),
    'job 5 steward': await staffOf({ jobs: [5] }),
    'job 6 rebate only': await staffOf({ jobs: [6] }),
    'rejection approver': approver,
    'company admin': admin,
  };
  const cookies: Record<string, string> = {};
  for (const [role, person] of Object.entries(people)) cookies[`staff: ${role}`] = await staffCookie(test, person);
  cookies.partner = await sessionCookie(test, { kind: 'partner', corpId: b.corp.id, partnerId: b.partner.id });
  cookies.channel = await sessionCookie(test, { kind: 'channel', corpId: b.corp.id, channelAgentId: b.agent.id });
  cookies.visitor = await sessionCookie(test, { kind: 'visitor', corpId: b.corp.id, openid: 'o-visitor-a' });
  return cookies;
}

/** The GET calls that take no record id (the caller's own lists and pages), called bare. */
function bareReads(): Record<string, Row> {
  return Object.fromEntries(
    test.app.routeTable
      .filter((route) => route.method === 'GET' && !route.isPublic && !upcomingCalls.has(`GET ${route.url}`))
      .map((route) => `GET ${route.url}`)
      .filter((key) => !(key in ROWS) && !key.includes(':'))
      .map((key): [string, Row] => [key, { reads: true, input: () => ({}) }]),
  );
}

describe('numbers masked in every list and detail, for every principal of the company', () => {
  it('answers no full phone, ID number or bank card outside a reveal', async () => {
    const b = await companyB(test.db);
    const principals = await principalsOfB(b);
    const rows: Record<string, Row> = {
      ...Object.fromEntries(Object.entries(ROWS).filter(([key, row]) => row.reads && !REVEALS.has(key))),
      ...Object.fromEntries(DETAILS.map((key) => [key, ROWS[key] as Row])),
      // The data-subject lookup (decision 071) shows the person's records masked; its export is the logged full copy.
      'POST /api/admin/subject': PERSON_ROWS['POST /api/admin/subject'] as Row,
      ...bareReads(),
    };
    // Staff work phones are the company's, not a client's: whoever must call a colleague sees them.
    const staffPhones = new Set(
      (await test.db.select({ phone: staff.phone }).from(staff).where(eq(staff.corpId, b.corp.id))).map((s) => s.phone),
    );
    const leaks = new Set<string>();
    let answered = 0;
    for (const [key, row] of Object.entries(rows)) {
      for (const [who, cookie] of Object.entries(principals)) {
        const response = await call(key, row, b, cookie);
        if (!(response.headers['content-type'] ?? '').toString().includes('json')) continue;
        if (response.json<{ code: number }>().code === 0) answered += 1;
        const allowed = SHOWN_ON_PURPOSE[key];
        for (const number of fullNumbers(response.body)) {
          const kind = number.slice(0, number.lastIndexOf(' '));
          if (allowed?.kinds.includes(kind) && (allowed.to ?? /./).test(who)) continue;
          if (kind === 'phone' && staffPhones.has(number.slice(number.lastIndexOf(' ') + 1))) continue;
          leaks.add(`${key} as ${who}: ${number}`);
        }
      }
    }
    console.log(
      `masking walk: ${Object.keys(rows).length} calls × ${Object.keys(principals).length} principals, ${answered} answered, ${leaks.size} full numbers`,
    );
    expect([...leaks]).toEqual([]);
    expect(answered).toBeGreaterThan(150);
  }, 180_000);

  it('sees a full number when there is one, and not in a masked one or a longer token', () => {
    expect(fullNumbers('{"phone":"13912349876"}')).toEqual(['phone 13912349876']);
    expect(fullNumbers('"310104198503121234"')).toContain('ID number 310104198503121234');
    expect(fullNumbers('"6225880000000001"')).toEqual(['bank card 6225880000000001']);
    expect(fullNumbers('"139****9876","************0001","310104********1234","a13912349876b",1764403200000')).toEqual(
      [],
    );
  });
});

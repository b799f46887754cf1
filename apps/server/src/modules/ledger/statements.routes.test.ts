import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as L from '@crm/domain/endpoints/ledger';
import { commissionStatements } from '../../db/schema/ledger.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { getForBody } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { createAccess, createAccessRepository } from '../access/index.ts';
import { readSheet } from '../adminio/xlsx.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService } from './ledger.service.ts';
import { caller, houseDeal, ledgerWorld, poster, referredCase, type LedgerWorld } from './ledger.test-helpers.ts';

/*
 * Monthly statements (issue 42, decision 067): issued on the company's day for the month before, frozen, each
 * month opening where the last closed, a sealed PDF `pdfsig` accepts and an XLSX; a partner and an agent see
 * their own, finance all; a partner disputes a line and finance answers.
 */
let clock = new Date('2026-10-10T02:00:00Z');
const test = testAppForFile({ now: () => clock });
const post = poster(test);
const call = caller(test);
const at = async (w: LedgerWorld, iso: string) => {
  clock = new Date(iso);
  await w.relogin();
};
const statements = async (cookie: string, fields: Record<string, string | number> = {}) =>
  (await call(cookie, L.statementList, fields)).data.list;

/** October: the partner's referral approved and paid, the agent's house deal set (waiting). */
async function october() {
  clock = new Date('2026-10-10T02:00:00Z');
  const w = await ledgerWorld(test);
  const c = await referredCase(test, w);
  await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 });
  await call(w.cookies.finance, L.commissionPay, { receiver_kind: 'partner', receiver_id: w.partner.id });
  await houseDeal(test, w, post);
  return w;
}

/** The periodic sweep app.ts runs hourly, on this file's clock. */
const sweep = () =>
  createLedgerService({
    repo: createLedgerRepository(test.db),
    access: createAccess({ repo: createAccessRepository(test.db) }),
    now: () => clock,
    files: { certificate: { demo: true, file: path.join(os.tmpdir(), 'statement-sweep-unused.p12') } },
    publicUrl: 'http://crm.test',
  }).issueAllDue();
const issuedOf = async (corpId: number) =>
  (
    await test.db
      .select({ id: commissionStatements.id, period: commissionStatements.period })
      .from(commissionStatements)
      .where(eq(commissionStatements.corpId, corpId))
  )
    .map((r) => `${r.period}#${r.id}`)
    .sort();

describe('monthly statements', () => {
  it('the sweep issues last month on the company statement day, on the injected clock, once; listing then finds the same', async () => {
    clock = new Date('2026-10-10T02:00:00Z');
    const w = await ledgerWorld(test, { statementDay: 12 });
    const c = await referredCase(test, w);
    await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 });
    clock = new Date('2026-11-11T15:30:00Z'); // 23:30 on the 11th in Shanghai: the day has not come
    await sweep();
    expect(await issuedOf(w.corp.id)).toEqual([]);
    clock = new Date('2026-11-11T16:30:00Z'); // 00:30 on the 12th
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const issued = await issuedOf(w.corp.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatch(/^2026-10#/);
    // A second sweep, and a listing, add nothing: the statement the partner reads is the one the sweep issued.
    await sweep();
    expect(await issuedOf(w.corp.id)).toEqual(issued);
    await w.relogin();
    const listed = await statements(w.cookies.partner);
    expect(listed.map((s) => `${s.period}#${s.id}`)).toEqual(issued);
    expect(listed[0]).toMatchObject({ credits_fen: 100_000, closing_fen: 100_000, pay_on: '2026-11-17' });
  });

  it('are issued on the statement day for the month before, frozen, and each month opens where the last closed', async () => {
    const w = await october();
    await at(w, '2026-11-04T15:00:00Z'); // 23:00 on the 4th in Shanghai: not yet
    expect(await statements(w.cookies.partner)).toEqual([]);
    await at(w, '2026-11-04T16:30:00Z'); // 00:30 on the 5th
    const [october_] = await statements(w.cookies.partner);
    expect(october_).toMatchObject({
      receiver_kind: 'partner',
      receiver_id: w.partner.id,
      period: '2026-10',
      opening_fen: 0,
      credits_fen: 100_000,
      debits_fen: -100_000,
      closing_fen: 0,
      payable_fen: 0,
      pay_on: '2026-11-10',
      line_count: 2,
    });
    const id = october_?.id ?? 0;
    const before = (await call(w.cookies.partner, L.statementDetail, { id })).data;
    expect(before.lines.map((l) => [l.kind, l.client])).toEqual([
      ['accrual', '库**户'],
      ['payment', ''],
    ]);
    // November: another referral approved, not paid. October's statement does not move.
    const c = await referredCase(test, w, 8_000_000);
    await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 });
    expect((await call(w.cookies.partner, L.statementDetail, { id })).data).toEqual(before);
    await expect(
      test.db.update(commissionStatements).set({ closingFen: 1 }).where(eq(commissionStatements.id, id)),
    ).rejects.toThrow();
    await expect(test.db.execute(sql`delete from commission_lines where corp_id = ${w.corp.id}`)).rejects.toThrow();
    await at(w, '2026-12-05T02:00:00Z');
    const [november, again] = await statements(w.cookies.partner);
    expect(again?.id).toBe(id);
    expect(november).toMatchObject({ period: '2026-11', opening_fen: 0, closing_fen: 40_000, payable_fen: 40_000 });
    expect(november?.opening_fen).toBe(october_?.closing_fen);
    // Listing again issues nothing twice.
    expect(await statements(w.cookies.partner)).toHaveLength(2);
  });

  it('gives a sealed PDF pdfsig accepts and an XLSX of the same figures', async () => {
    const w = await october();
    await at(w, '2026-11-05T02:00:00Z');
    const [statement] = await statements(w.cookies.agent);
    expect(statement).toMatchObject({ receiver_kind: 'receiver', closing_fen: 1_000_000, payable_fen: 1_000_000 });
    const pdf = await test.app.inject({
      method: 'GET',
      url: `${L.statementPdf.path}?id=${statement?.id ?? 0}`,
      headers: { cookie: w.cookies.agent },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'statement.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const report = execFileSync('pdfsig', [file]).toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = spawnSync('pdftotext', [file, '-']).stdout.toString();
    expect(text).toContain('返佣对账单 2026-10');
    expect(text).toContain('¥10,000.00');
    const xlsx = await test.app.inject({
      method: 'GET',
      url: `${L.statementXlsx.path}?id=${statement?.id ?? 0}`,
      headers: { cookie: w.cookies.finance },
    });
    const sheet = await readSheet(xlsx.rawPayload, 7, 100);
    if (sheet === 'too-many') throw new Error('sheet too long');
    expect(sheet.rows.map((r) => r.cells.slice(0, 5))).toContainEqual(['期末余额', '', '', '', '10000']);
  });

  it('a partner and an agent see their own; finance all; other staff and companies nothing', async () => {
    const w = await october();
    await at(w, '2026-11-05T02:00:00Z');
    const [mine] = await statements(w.cookies.partner);
    const [agents] = await statements(w.cookies.agent);
    expect(mine?.receiver_kind).toBe('partner');
    expect(agents?.receiver_kind).toBe('receiver');
    expect((await statements(w.cookies.finance)).map((s) => s.id).sort()).toEqual([mine?.id, agents?.id].sort());
    const agentReads = await call(w.cookies.agent, L.statementDetail, { id: mine?.id ?? 0 });
    expect(agentReads).toMatchObject({ code: 403, msg: '无权查看该对账单' });
    const pdf = await getForBody(test.app, L.statementPdf.path, { id: mine?.id ?? 0 }, { cookie: w.cookies.agent });
    expect(pdf.status).toBe(403);
    expect((await call(w.cookies.sales, L.statementList)).code).toBe(403);
    expect((await call(w.cookies.sales, L.statementDetail, { id: mine?.id ?? 0 })).code).toBe(403);
    const other = await createCompany(test.db);
    const otherFinance = await staffCookie(test, await createStaff(test.db, other.id, { jobs: [4] }));
    expect(await statements(otherFinance)).toEqual([]);
    expect((await call(otherFinance, L.statementDetail, { id: mine?.id ?? 0 })).code).toBe(404);
    const xlsx = await getForBody(test.app, L.statementXlsx.path, { id: mine?.id ?? 0 }, { cookie: otherFinance });
    expect(xlsx.status).toBe(404);
  });

  it('a partner disputes a line of their statement and finance answers it', async () => {
    const w = await october();
    await at(w, '2026-11-05T02:00:00Z');
    const [mine] = await statements(w.cookies.partner);
    const id = mine?.id ?? 0;
    const line = (await call(w.cookies.partner, L.statementDetail, { id })).data.lines[0];
    const dispute = await call(w.cookies.partner, L.statementDispute, { id, line_id: line?.id ?? 0, note: '金额不对' });
    expect(dispute.code).toBe(0);
    expect((await call(w.cookies.agent, L.statementDispute, { id, line_id: line?.id ?? 0, note: '?' })).code).toBe(403);
    expect((await call(w.cookies.partner, L.statementDispute, { id, line_id: 999_999, note: '?' })).msg).toBe(
      '该明细不在这张对账单上',
    );
    expect((await statements(w.cookies.finance, { period: '2026-10' })).find((s) => s.id === id)?.open_disputes).toBe(
      1,
    );
    expect((await call(w.cookies.partner, L.statementAnswer, { id: dispute.data.id, answer: '好' })).code).toBe(403);
    expect((await call(w.cookies.finance, L.statementAnswer, { id: dispute.data.id, answer: '按 0.5% 计' })).code).toBe(
      0,
    );
    const detail = (await call(w.cookies.partner, L.statementDetail, { id })).data;
    expect(detail.disputes).toEqual([expect.objectContaining({ note: '金额不对', answer: '按 0.5% 计' })]);
    expect(detail.open_disputes).toBe(0);
    // Finance sends the link by WeCom to the partner's salesperson.
    const sent = await call(w.cookies.finance, L.statementSend, { id });
    expect(sent.data).toMatchObject({ sent: true, link: expect.stringContaining(`/outside/statement/${id}`) });
  });
});

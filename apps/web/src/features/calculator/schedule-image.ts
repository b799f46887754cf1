import { ppmToPercent, type LoanResult } from '@crm/domain/calculator';
import { formatFen } from '@crm/domain/money';
import { formatPercent, formatYuan } from './format.ts';
import type { calculatorTexts } from './texts.ts';

/** Rows the image shows before it says "the rest left out": a phone screen's worth. */
const MAX_ROWS = 24;

type Texts = typeof calculatorTexts;

/** What the figures are labelled by: an instalment fee's IRR, and whether only the first month pays the payment shown. */
export type SummaryKind = { showIrr: boolean; isEqualPrincipal: boolean };

/** The fees typed beside the loan and the all-in cost they make (decision 068). */
export type LoanCost = { upfrontFen: number; monthlyFen: number; allInCostPpm: number | null };

/** The fee and all-in cost lines: a fee only when one was typed, the cost always. */
function costLines(cost: LoanCost, texts: Texts): [string, string][] {
  const lines: [string, string][] = [];
  if (cost.upfrontFen > 0) lines.push([texts.upfrontFee, formatFen(cost.upfrontFen)]);
  if (cost.monthlyFen > 0) lines.push([texts.monthlyFee, formatFen(cost.monthlyFen)]);
  const ppm = cost.allInCostPpm;
  lines.push([texts.allInCost, ppm === null ? texts.costUnknown : `${ppmToPercent(ppm).toFixed(2)}%`]);
  return lines;
}

/** The result's figures as [label, value] lines, as the popup and the image list them. */
export function loanSummary(result: LoanResult, kind: SummaryKind, texts: Texts, cost?: LoanCost): [string, string][] {
  const { showIrr } = kind;
  return [
    [texts.loanAmount, formatYuan(result.loan_amount)],
    [texts.nper, String(result.nper)],
    [showIrr ? texts.rantInstalment : texts.rant, formatPercent(result.rant)],
    // For an annual rate the rate itself is the true one; for an instalment fee the IRR is.
    [texts.irr, formatPercent(showIrr ? result.irr : result.rant)],
    [texts.totalInterest, formatYuan(result.total_interest)],
    [texts.moneyInterest, formatYuan(result.money_interest)],
    [kind.isEqualPrincipal ? texts.firstMonthPayment : texts.monthPayment, formatYuan(result.month_payment)],
    ...(cost ? costLines(cost, texts) : []),
  ];
}

/** The schedule's column heads, and one month's cells under them. */
export const scheduleHeader = (texts: Texts) => [
  texts.colNper,
  texts.colPayment,
  texts.colInterest,
  texts.colCorpus,
  texts.colResidue,
];
export const scheduleCells = (row: LoanResult['list'][number]) => [
  String(row.key + 1),
  formatYuan(row.month_payment),
  formatYuan(row.month_interest),
  formatYuan(row.month_corpus),
  formatYuan(row.residue_money),
];

/** What the shared image says: the figures with the true annual rate (IRR), the schedule, spec §2's disclaimer. */
export function scheduleImageContent(result: LoanResult, kind: SummaryKind, texts: Texts, cost?: LoanCost) {
  const rows = result.list.slice(0, MAX_ROWS).map(scheduleCells);
  const more = result.list.length > MAX_ROWS ? texts.moreRows(result.list.length - MAX_ROWS) : null;
  return {
    title: texts.shareImageTitle,
    summary: loanSummary(result, kind, texts, cost),
    header: scheduleHeader(texts),
    rows,
    more,
    disclaimer: texts.disclaimer,
    roundingNote: texts.roundingNote,
  };
}

/**
 * Draws the content on a canvas (2× for a sharp phone screen) and answers it as a PNG data URL, or null when the
 * browser has no 2D canvas.
 */
export function drawScheduleImage(
  content: ReturnType<typeof scheduleImageContent>,
  doc: Document = document,
): string | null {
  const width = 720;
  const line = 44;
  const height = 140 + content.summary.length * line + (content.rows.length + 2) * 38 + (content.more ? 38 : 0) + 160;
  const canvas = doc.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1f1f1f';
  ctx.font = 'bold 36px sans-serif';
  ctx.fillText(content.title, 40, 70);
  let y = 130;
  ctx.font = '26px sans-serif';
  for (const [label, value] of content.summary) {
    ctx.fillStyle = '#666666';
    ctx.fillText(label, 40, y);
    ctx.fillStyle = '#1f1f1f';
    ctx.fillText(value, 400, y);
    y += line;
  }
  y += 20;
  const columns = [40, 130, 280, 420, 560];
  ctx.font = 'bold 22px sans-serif';
  content.header.forEach((text, i) => ctx.fillText(text, columns[i] ?? 40, y));
  ctx.font = '22px sans-serif';
  for (const row of content.rows) {
    y += 38;
    row.forEach((text, i) => ctx.fillText(text, columns[i] ?? 40, y));
  }
  if (content.more) {
    y += 38;
    ctx.fillText(content.more, 40, y);
  }
  y += 70;
  ctx.fillStyle = '#d4380d';
  ctx.font = '22px sans-serif';
  ctx.fillText(content.disclaimer, 40, y);
  ctx.fillStyle = '#666666';
  ctx.font = '18px sans-serif';
  ctx.fillText(content.roundingNote, 40, y + 36, width - 80);
  return canvas.toDataURL('image/png');
}

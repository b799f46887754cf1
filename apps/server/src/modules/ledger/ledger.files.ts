import type { StatementLine } from '@crm/domain/api/ledger';
import { LINE_KIND_LABELS } from '@crm/domain/ledger';
import { fenToYuan, formatFen } from '@crm/domain/money';
import { writeSheet } from '../adminio/index.ts';
import { loadSealCertificate, renderDocument, sealPdf, type SealCertificate } from '../esign/index.ts';
import { LEDGER_TEXTS as T } from './ledger.texts.ts';

/*
 * A statement's files (decision 067): the PDF drawn as e-sign draws its documents and sealed with the same
 * company certificate (`pdfsig` verifies it), and the XLSX through the back office's one writer. Both are
 * made from the statement's frozen snapshot, so the same statement always gives the same figures.
 */

export interface StatementFiles {
  certificate: SealCertificate;
}

export interface StatementDoc {
  id: number;
  company: string;
  receiverName: string;
  period: string;
  openingFen: number;
  creditsFen: number;
  debitsFen: number;
  closingFen: number;
  payableFen: number;
  payOn: string;
  issuedAt: Date;
  lines: StatementLine[];
}

const day = (iso: string) => iso.slice(0, 10);

const lineText = (l: StatementLine) =>
  [
    day(l.created_at),
    LINE_KIND_LABELS[l.kind],
    l.client || '—',
    l.deal || '—',
    formatFen(l.amount_fen),
    l.netted_fen > 0 ? `（抵扣欠款 ${formatFen(l.netted_fen)}）` : '',
    l.note,
  ]
    .filter(Boolean)
    .join('  ');

export async function statementPdf(doc: StatementDoc, files: StatementFiles): Promise<Buffer> {
  const pdf = await renderDocument({
    title: T.statementTitle(doc.period),
    footer: `${doc.company} · 对账单 #${doc.id}`,
    createdAt: doc.issuedAt,
    pages: [
      {
        title: T.statementTitle(doc.period),
        paragraphs: [
          `公司：${doc.company}`,
          `对象：${doc.receiverName}`,
          `期间：${doc.period}（出单 ${day(doc.issuedAt.toISOString())}，已冻结，之后的更正记入下月）`,
          `期初余额：${formatFen(doc.openingFen)}`,
          `本期增加：${formatFen(doc.creditsFen)}  本期减少：${formatFen(doc.debitsFen)}`,
          `期末余额：${formatFen(doc.closingFen)}`,
          `应付金额：${formatFen(doc.payableFen)}，预计 ${doc.payOn} 支付${doc.closingFen < 0 ? '（余额为负：欠款将从下次返佣中抵扣）' : ''}`,
          '明细（日期  类型  客户  业务  金额  备注）：',
          ...(doc.lines.length === 0 ? ['本期无明细'] : doc.lines.map(lineText)),
        ],
      },
    ],
  });
  const { p12, passphrase } = loadSealCertificate(files.certificate, doc.issuedAt);
  return sealPdf(pdf, {
    p12,
    passphrase,
    at: doc.issuedAt,
    reason: T.sealReason,
    name: doc.company,
    location: 'CN',
  });
}

export function statementXlsx(doc: StatementDoc): Promise<Buffer> {
  const header = ['日期', '类型', '客户', '业务', '金额（元）', '抵扣欠款（元）', '备注'];
  const rows: (string | number)[][] = [
    ['对象', doc.receiverName, '期间', doc.period, '', '', ''],
    ['期初余额', '', '', '', fenToYuan(doc.openingFen), '', ''],
    ...doc.lines.map((l) => [
      day(l.created_at),
      LINE_KIND_LABELS[l.kind],
      l.client,
      l.deal,
      fenToYuan(l.amount_fen),
      l.netted_fen > 0 ? fenToYuan(l.netted_fen) : '',
      l.note,
    ]),
    ['期末余额', '', '', '', fenToYuan(doc.closingFen), '', ''],
    ['应付金额', '', '', '', fenToYuan(doc.payableFen), '', `预计 ${doc.payOn} 支付`],
  ];
  return writeSheet(header, rows);
}

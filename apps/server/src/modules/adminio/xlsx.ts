import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/*
 * Reading an uploaded XLSX and writing an export, with exceljs (server only; never in the web bundle).
 * Every cell is read as the text a person typed: numbers typed into a phone or ID column come back as
 * digits, not 1.38E+10.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An XLSX is a ZIP: its first bytes are a local file header, `PK\x03\x04`. */
export const isZip = (bytes: Buffer) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
  }
  return '';
}

export interface SheetRows {
  header: string[];
  /** Data rows with their number in the sheet (the header is row 1); rows with no text are left out. */
  rows: { row: number; cells: string[] }[];
}

/** The first sheet's header and rows, `width` cells each; throws when the bytes are no readable workbook. */
export async function readSheet(bytes: Buffer, width: number, maxRows: number): Promise<SheetRows | 'too-many'> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const read = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value).trim());
  const header = read(sheet.getRow(1));
  const rows: SheetRows['rows'] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || tooMany) return;
    const cells = read(row);
    if (cells.every((cell) => cell === '')) return;
    if (rows.length >= maxRows) tooMany = true;
    else rows.push({ row: number, cells });
  });
  return tooMany ? 'too-many' : { header, rows };
}

/** Writes rows to an XLSX as they come (exceljs's streaming writer), so a large export never holds a DOM. */
export function createSheetWriter(sheetName: string, header: readonly string[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((title) => ({ header: title, width: Math.max(10, title.length * 2 + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add(cells: (string | number)[]) {
      sheet.addRow(cells).commit();
    },
    async finish(): Promise<Buffer> {
      sheet.commit();
      await workbook.commit();
      return Buffer.concat(chunks);
    },
  };
}

/** A workbook of one sheet in memory (the sample files, the tests). */
export async function writeSheet(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

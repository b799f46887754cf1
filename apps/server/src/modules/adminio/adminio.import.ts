import { IMPORT_COLUMNS, type ImportError, type ImportKind, type ImportSkip } from '@crm/domain/api/adminio';
import { caseFormSchema } from '@crm/domain/cases';
import { phoneSchema } from '@crm/domain/validation';
import type { ImportedCase } from '../cases/index.ts';
import type { NewStaff } from '../staff/index.ts';
import { ADMINIO_TEXTS as T, JOB_NAMES } from './adminio.texts.ts';

/*
 * The rules of one import's rows (decision 059), pure: every row checked with the same schemas the app's
 * forms use (phone, the ID number with its check digit, amounts, terms), plus what the company holds (teams,
 * staff phones, open cases), which the caller looks up and passes in. A row is imported, skipped (its
 * natural key is already there: a staff phone, an open case's ID number) or in error; each row on its own.
 */

export type SheetRow = { row: number; cells: string[] };

/** What the company holds that a row is checked against, looked up by the caller for the whole file. */
export interface StaffFacts {
  teams: Map<string, number>;
  takenPhones: Set<string>;
}
export interface ClientFacts {
  /** Active staff by phone: the owner a client row names. */
  owners: Map<string, { id: number; teamId: number | null }>;
  /** Open cases' ID numbers, with the owner's name. */
  openCases: Map<string, string>;
}

/** Every row's outcome: a record to write (with its row), the rows already there, and the rows' errors. */
export type Checked<T> = { errors: ImportError[]; existing: ImportSkip[]; records: { row: number; record: T }[] };

const cell = (row: SheetRow, index: number) => row.cells[index] ?? '';

/** Duplicates of one column within the file: every row after the first naming the same value. */
function duplicates(rows: SheetRow[], index: number, column: string, normalise = (v: string) => v) {
  const first = new Map<string, number>();
  const errors: ImportError[] = [];
  for (const row of rows) {
    const value = normalise(cell(row, index));
    if (value === '') continue;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, row.row);
    else errors.push({ row: row.row, column, message: T.duplicateInFile(column, earlier) });
  }
  return errors;
}

const YES = new Set(['是', 'Y', 'y', '1', 'TRUE', 'true']);
const NO = new Set(['', '否', 'N', 'n', '0', 'FALSE', 'false']);

export function checkStaffRows(rows: SheetRow[], facts: StaffFacts, at: Date): Checked<NewStaff> {
  const [cName, cPhone, cTeam, cJobs, cLeader, cSex] = IMPORT_COLUMNS.staff as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  let errors: ImportError[] = [];
  const existing: ImportSkip[] = [];
  const records: Checked<NewStaff>['records'] = [];
  for (const row of rows) {
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row: row.row, column, message });
    const name = cell(row, 0);
    if (name === '') fail(cName, T.required(cName));
    else if (name.length > 40) fail(cName, T.tooLong(cName, 40));
    const phone = phoneSchema.safeParse(cell(row, 1));
    if (!phone.success) fail(cPhone, phone.error.issues[0]?.message ?? T.required(cPhone));
    else if (facts.takenPhones.has(phone.data)) {
      // The person is already staff: the row is skipped whatever else it says (an import adds, never edits).
      existing.push({ row: row.row, message: T.phoneTaken });
      continue;
    }
    const teamName = cell(row, 2);
    const teamId = teamName === '' ? null : (facts.teams.get(teamName) ?? null);
    if (teamName !== '' && teamId === null) fail(cTeam, T.teamNotFound(teamName));
    const jobs = new Set<number>();
    for (const part of cell(row, 3)
      .split(/[,，、/\s]+/)
      .filter(Boolean)) {
      const job = JOB_NAMES[part] ?? (/^[2-6]$/.test(part) ? Number(part) : undefined);
      if (job === undefined) fail(cJobs, T.jobInvalid(part));
      else jobs.add(job);
    }
    const leader = cell(row, 4);
    if (!YES.has(leader) && !NO.has(leader)) fail(cLeader, T.leaderInvalid);
    const sexText = cell(row, 5);
    const sex = sexText === '男' ? 1 : sexText === '女' ? 2 : 0;
    if (sexText !== '' && sex === 0) fail(cSex, T.sexInvalid);
    if (errors.length === before && phone.success)
      records.push({
        row: row.row,
        record: {
          name,
          phone: phone.data,
          teamId,
          jobs: [...jobs].sort(),
          isLeader: YES.has(leader),
          sex,
          wxworkId: null,
          createdAt: at,
        },
      });
  }
  errors = [...errors, ...duplicates(rows, 1, cPhone)];
  return settle(errors, existing, records, IMPORT_COLUMNS.staff);
}

/** The case form's fields, in the order of the clients sheet's columns. */
const CLIENT_FIELDS = ['name', 'phone', 'id_number', 'bank_card', 'amount', 'term', null, 'remarks'] as const;

export function checkClientRows(rows: SheetRow[], facts: ClientFacts): Checked<ImportedCase> {
  const columns = IMPORT_COLUMNS.clients;
  const ownerColumn = columns[6] ?? '';
  let errors: ImportError[] = [];
  const existing: ImportSkip[] = [];
  const records: Checked<ImportedCase>['records'] = [];
  for (const row of rows) {
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row: row.row, column, message });
    const input: Record<string, string> = {};
    CLIENT_FIELDS.forEach((field, i) => {
      if (field) input[field] = cell(row, i);
    });
    const form = caseFormSchema.safeParse(input);
    if (!form.success) {
      const seen = new Set<string>();
      for (const issue of form.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = columns[CLIENT_FIELDS.indexOf(field as (typeof CLIENT_FIELDS)[number])] ?? '';
        if (seen.has(column)) continue;
        seen.add(column);
        fail(column, issue.message);
      }
    }
    const ownerPhone = cell(row, 6);
    const owner = facts.owners.get(ownerPhone);
    if (ownerPhone === '') fail(ownerColumn, T.required(ownerColumn));
    else if (!owner) fail(ownerColumn, T.ownerNotFound);
    // By the ID number as typed, so a row whose other cells are wrong is still known to be there.
    const holder = facts.openCases.get(cell(row, 2).toUpperCase());
    if (holder !== undefined) {
      // The client already has an open case (imported before, or taken in by hand): skipped, not doubled.
      errors.length = before;
      existing.push({ row: row.row, message: T.openCase(holder) });
      continue;
    }
    if (errors.length === before && form.success && owner)
      records.push({
        row: row.row,
        record: {
          ownerId: owner.id,
          teamId: owner.teamId,
          name: form.data.name,
          phone: form.data.phone,
          idNumber: form.data.id_number.idNumber,
          birthDate: form.data.id_number.birthDate,
          sex: form.data.id_number.sex,
          bankCard: form.data.bank_card,
          amountFen: form.data.amount ?? 0,
          termMonths: form.data.term,
          remarks: form.data.remarks,
        },
      });
  }
  errors = [...errors, ...duplicates(rows, 2, columns[2] ?? '', (v) => v.toUpperCase())];
  return settle(errors, existing, records, columns);
}

/**
 * A row repeating an earlier one of the file is in error, unless the record is already there (then both
 * are skipped); a record to write never comes from a row in error.
 */
function settle<T>(
  errors: ImportError[],
  existing: ImportSkip[],
  records: Checked<T>['records'],
  columns: readonly string[],
): Checked<T> {
  const skipped = new Set(existing.map((skip) => skip.row));
  const kept = errors.filter((error) => !skipped.has(error.row));
  const failed = new Set(kept.map((error) => error.row));
  return {
    errors: sortErrors(kept, columns),
    existing,
    records: records.filter((entry) => !failed.has(entry.row)),
  };
}

/** Row by row, and within a row in the sheet's column order. */
const sortErrors = (errors: ImportError[], columns: readonly string[]) =>
  errors.sort((a, b) => a.row - b.row || columns.indexOf(a.column) - columns.indexOf(b.column));

export const columnsOf = (kind: ImportKind) => IMPORT_COLUMNS[kind];

import { formatDateTime, formatDay } from '@crm/domain/datetime';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type exportStartRequestSchema,
  type ExportStatus,
  type ImportCommit,
  type ImportError,
  type ImportKind,
  type ImportPreview,
  type WecomSyncResult,
} from '@crm/domain/api/adminio';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { maskBankCard, maskIdNumber, maskPhone, PHONE_PATTERN } from '@crm/domain/validation';
import { newStorageKeys, type FileStorage } from '../../adapters/storage/index.ts';
import type { WecomAdapter, WecomMember } from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { mayActor, requireActor, type Actor } from '../access/index.ts';
import { recordAudit } from '../admin/index.ts';
import {
  countCasesForExport,
  exportCasesPage,
  importCases,
  openCasesByIdNumber,
  type CaseExportFilter,
} from '../cases/index.ts';
import { signDownload, verifyDownload } from '../files/index.ts';
import { countOrdersForExport, exportOrdersPage } from '../house/index.ts';
import { companyTeams, insertStaffRows, insertTeam, staffDirectory, updateStaffRow } from '../staff/index.ts';
import type { AdminioRepository, ExportRow } from './adminio.repository.ts';
import { checkClientRows, checkStaffRows, type SheetRow } from './adminio.import.ts';
import { ADMINIO_TEXTS as T, JOB_NAMES } from './adminio.texts.ts';
import { createSheetWriter, isZip, readSheet, writeSheet } from './xlsx.ts';

type Tx = Parameters<Parameters<AdminioRepository['transaction']>[0]>[0];
type Executor = AdminioRepository['db'] | Tx;

/** Rows of an export read and written per page; the progress moves after each. */
const EXPORT_PAGE = 1000;
/** A running export whose row has not moved for this long died with its process. */
const EXPORT_STALE_MS = 2 * 60_000;
/** Uploads and exports (personal data) are kept a day, then swept with their files. */
export const KEEP_MS = 24 * 3600_000;
/** Rows a preview shows. */
const PREVIEW_ROWS = 20;
/** Good rows written per savepoint; a batch that loses a race is checked again alone. */
const IMPORT_BATCH = 200;
/** Tries of one batch before the commit gives up (each retry follows another writer's commit). */
const IMPORT_RETRIES = 3;
/** PostgreSQL's deadlock_detected: two imports inserting the same keys in different orders. */
const isDeadlock = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '40P01') return true;
  return false;
};

const newId = () => randomBytes(16).toString('hex');
const yuan = (fen: number) => (fen / 100).toFixed(2);

export interface AdminioDeps {
  repo: AdminioRepository;
  storage: FileStorage;
  wecom: WecomAdapter;
  /** Signs the download links (the files module's signed-link scheme). */
  secret: string;
  now: Clock;
  log?: (message: string, error: unknown) => void;
}

/**
 * The back office's XLSX import and export and the WeCom directory sync (decision 059). Every call asks
 * the caller's company-admin grant first and works inside the caller's company; every import, export and
 * sync leaves its line in the audit log, in the transaction of what it changed.
 */
export function createAdminioService({ repo, storage, wecom, secret, now, log = () => undefined }: AdminioDeps) {
  const running = new Set<Promise<void>>();

  const audit = (tx: Tx, me: Actor, action: string, entity: string, entityId: number | null, after: unknown) =>
    recordAudit(tx, { corpId: me.corpId, actorId: me.id, action, entity, entityId, before: null, after, at: now() });

  /** The rows checked against what the company holds now (in the commit's transaction, or at preview). */
  async function check(ex: Executor, corpId: number, kind: ImportKind, rows: SheetRow[]) {
    if (kind === 'staff') {
      // One after the other: inside the commit's transaction both run on one connection.
      const teams = await companyTeams(ex, corpId);
      const people = await staffDirectory(ex, corpId);
      return {
        kind,
        ...checkStaffRows(
          rows,
          {
            teams: new Map(teams.map((team) => [team.name, team.id])),
            takenPhones: new Set(people.map((person) => person.phone)),
          },
          now(),
        ),
      } as const;
    }
    const people = await staffDirectory(ex, corpId);
    const idNumbers = rows.map((row) => (row.cells[2] ?? '').toUpperCase());
    return {
      kind,
      ...checkClientRows(rows, {
        owners: new Map(
          people
            .filter((person) => person.isActive)
            .map((person) => [person.phone, { id: person.id, teamId: person.teamId }]),
        ),
        openCases: await openCasesByIdNumber(ex, corpId, idNumbers),
      }),
    } as const;
  }

  /** Reads an upload's sheet, or refuses it with why (not an XLSX, unreadable, the wrong header, no rows). */
  async function readUpload(kind: ImportKind, file: Buffer) {
    if (!isZip(file)) throw new RefusedError(T.notXlsx);
    const columns = IMPORT_COLUMNS[kind];
    let sheet: Awaited<ReturnType<typeof readSheet>>;
    try {
      sheet = await readSheet(file, columns.length, IMPORT_MAX_ROWS);
    } catch (error) {
      throw new RefusedError(T.unreadable, { cause: error });
    }
    if (sheet === 'too-many') throw new RefusedError(T.tooManyRows(IMPORT_MAX_ROWS));
    // Only the template's columns are read: the error file's 错误原因 column after them is ignored on re-import.
    if (sheet.header.some((title, i) => title !== columns[i])) throw new RefusedError(T.header(columns));
    if (sheet.rows.length === 0) throw new RefusedError(T.empty);
    return sheet.rows;
  }

  const errorsUrl = (importId: string, errors: readonly ImportError[]) =>
    errors.length > 0 ? `/api/admin/import/errors?import_id=${importId}` : null;
  const failedRows = (errors: readonly ImportError[]) => new Set(errors.map((error) => error.row)).size;

  async function previewImport(me: Actor, kind: ImportKind, file: Buffer, fileName: string): Promise<ImportPreview> {
    requireActor(me, 'admin.company');
    const rows = await readUpload(kind, file);
    const checked = await check(repo.db, me.corpId, kind, rows);
    const id = newId();
    await repo.insertImport({
      corpId: me.corpId,
      id,
      kind,
      createdBy: me.id,
      fileName: fileName.slice(0, 200),
      rows,
      rowCount: rows.length,
      errorCount: checked.errors.length,
      createdAt: now(),
    });
    return {
      import_id: id,
      kind,
      columns: [...IMPORT_COLUMNS[kind]],
      total: rows.length,
      valid: checked.records.length,
      rows: rows.slice(0, PREVIEW_ROWS),
      errors: checked.errors,
      existing: checked.existing,
      errors_url: errorsUrl(id, checked.errors),
    };
  }

  /** Writes one batch of checked records through their owners' functions, answering the new ids. */
  async function insertBatch(tx: Tx, me: Actor, checked: Awaited<ReturnType<typeof check>>, at: Date) {
    if (checked.kind === 'staff')
      return (
        await insertStaffRows(
          tx,
          me.corpId,
          checked.records.map((entry) => entry.record),
        )
      ).map((row) => row.id);
    return importCases(
      tx,
      { corpId: me.corpId, actorId: me.id, at },
      checked.records.map((entry) => entry.record),
    );
  }

  /**
   * Writes the good rows of a previewed upload and lists the others (decision 059). The rows are checked
   * again inside the transaction (the company may have changed since the preview); each row is imported,
   * skipped (already there by its natural key) or in error, on its own. Good rows are written in batches,
   * each under a savepoint: a batch that meets a record another import has just written (the unique staff
   * phone, the open-case index) is rolled back alone, checked again, and its taken rows skipped. The rows,
   * the import's mark and the audit line commit together, so nothing is half-written. The import's row is
   * locked first, so a second commit of the same upload waits for the first and then answers its outcome.
   */
  async function commitImport(me: Actor, importId: string): Promise<ImportCommit & { msg: string }> {
    requireActor(me, 'admin.company');
    return repo.transaction(async (tx) => {
      const upload = await repo.lockImport(tx, me.corpId, importId);
      if (!upload) throw new NotFoundError(T.importNotFound);
      const checked = await check(tx, me.corpId, upload.kind, upload.rows);
      if (upload.status === 'committed')
        return {
          import_id: importId,
          kind: upload.kind,
          imported: upload.imported ?? 0,
          repeated: true,
          skipped: checked.existing,
          errors: checked.errors,
          failed: failedRows(checked.errors),
          errors_url: errorsUrl(importId, checked.errors),
          msg: T.repeated,
        };
      const at = now();
      const byRow = new Map(upload.rows.map((row) => [row.row, row]));
      const ids: number[] = [];
      const skipped = [...checked.existing];
      const errors = [...checked.errors];
      for (let i = 0; i < checked.records.length; i += IMPORT_BATCH) {
        let batch: Awaited<ReturnType<typeof check>> = {
          ...checked,
          records: checked.records.slice(i, i + IMPORT_BATCH),
        } as Awaited<ReturnType<typeof check>>;
        for (let attempt = 1; ; attempt++) {
          try {
            ids.push(...(await tx.transaction((savepoint) => insertBatch(savepoint, me, batch, at))));
            break;
          } catch (error) {
            // Another import (or a person) wrote one of these records since the check: the loser of that race
            // checks the batch again, now seeing the winner's rows, and skips what is there. A deadlock between
            // two imports of the same rows in another order is retried the same way.
            if (!(isUniqueViolation(error) || isDeadlock(error)) || attempt === IMPORT_RETRIES)
              throw isUniqueViolation(error) || isDeadlock(error) ? new RefusedError(T.raced, { cause: error }) : error;
            const rows = batch.records.map((entry) => byRow.get(entry.row)).filter((row) => row !== undefined);
            batch = await check(tx, me.corpId, upload.kind, rows);
            skipped.push(...batch.existing);
            errors.push(...batch.errors);
          }
        }
      }
      skipped.sort((a, b) => a.row - b.row);
      errors.sort((a, b) => a.row - b.row);
      await repo.markCommitted(tx, me.corpId, importId, ids.length, at);
      await audit(tx, me, `import.${upload.kind}`, upload.kind === 'staff' ? 'staff' : 'client', null, {
        import_id: importId,
        file_name: upload.fileName,
        imported: ids.length,
        skipped: skipped.length,
        failed: failedRows(errors),
        first_id: ids[0] ?? null,
        last_id: ids.at(-1) ?? null,
      });
      return {
        import_id: importId,
        kind: upload.kind,
        imported: ids.length,
        repeated: false,
        skipped,
        errors,
        failed: failedRows(errors),
        errors_url: errorsUrl(importId, errors),
        msg: T.imported(ids.length, skipped.length, failedRows(errors)),
      };
    });
  }

  /**
   * The upload's rows still in error, checked against the company now, as an XLSX: the template's columns
   * (so the fixed file imports again) and a 错误原因 column naming the row and what is wrong.
   */
  async function importErrors(me: Actor, importId: string) {
    requireActor(me, 'admin.company');
    const upload = await repo.findImport(me.corpId, importId);
    if (!upload) throw new NotFoundError(T.importNotFound);
    const checked = await check(repo.db, me.corpId, upload.kind, upload.rows);
    const reasons = new Map<number, string[]>();
    for (const error of checked.errors)
      reasons.set(error.row, [
        ...(reasons.get(error.row) ?? []),
        error.column ? `${error.column}：${error.message}` : error.message,
      ]);
    const body = await writeSheet(
      [...IMPORT_COLUMNS[upload.kind], T.errorColumn],
      upload.rows
        .filter((row) => reasons.has(row.row))
        .map((row) => [...row.cells, T.errorReason(row.row, (reasons.get(row.row) ?? []).join('；'))]),
    );
    const day = formatDay(upload.createdAt);
    return { body, fileName: T.errorFileName(upload.kind, day) };
  }

  // ---- export -------------------------------------------------------------------------------------

  type ExportFilter = z.output<typeof exportStartRequestSchema>;

  /** Writes the export page by page, moving its progress after each, then stores the file. */
  async function runExport(me: Actor, job: { id: string; kind: 'cases' | 'brokerage'; filter: ExportFilter }) {
    const mark = (values: Parameters<AdminioRepository['updateExport']>[2]) =>
      repo.updateExport(me.corpId, job.id, { ...values, updatedAt: now() });
    try {
      const writer = createSheetWriter(T.sheetName[job.kind], job.kind === 'cases' ? T.caseHeader : T.orderHeader);
      let after = 0;
      let done = 0;
      // Numbers are shown in full only to whom the app shows them in full (decision 058): a case's owner;
      // the brokerage order list's readers (finance, rebate) for the receiver's card.
      const fullCards = mayActor(me, 'brokerage.orders.read');
      const source = await repo.exportSource();
      /** Writes the page of rows after the id `from`, each as its line, and answers their ids. */
      const writePage =
        job.kind === 'cases'
          ? async (from: number) => {
              const rows = await exportCasesPage(source, me.corpId, caseFilter(job.filter), from, EXPORT_PAGE);
              for (const row of rows) {
                const own = row.ownerId === me.id;
                writer.add([
                  row.id,
                  row.name,
                  own ? row.phone : maskPhone(row.phone),
                  own ? row.idNumber : maskIdNumber(row.idNumber),
                  own ? row.bankCard : maskBankCard(row.bankCard),
                  yuan(row.amountFen),
                  row.termMonths,
                  isCaseStatus(row.status) ? CASE_STATUS_LABELS[row.status] : String(row.status),
                  row.ownerName,
                  row.teamName,
                  row.productName,
                  row.bankName,
                  row.channelName,
                  row.remarks,
                  formatDateTime(row.createdAt),
                ]);
              }
              return rows.map((row) => row.id);
            }
          : async (from: number) => {
              const rows = await exportOrdersPage(source, me.corpId, job.filter.status, from, EXPORT_PAGE);
              for (const row of rows)
                writer.add([
                  row.id,
                  row.clientName,
                  row.receiverName,
                  fullCards ? row.receiverPhone : maskPhone(row.receiverPhone),
                  row.bankName,
                  fullCards ? row.bankCard : maskBankCard(row.bankCard),
                  yuan(row.amountFen),
                  `${(row.rateBp / 100).toFixed(2)}%`,
                  T.orderStatus[row.status] ?? String(row.status),
                  row.remark,
                  row.payRef,
                  formatDateTime(row.createdAt),
                ]);
              return rows.map((row) => row.id);
            };
      for (;;) {
        const ids = await writePage(after);
        done += ids.length;
        after = ids.at(-1) ?? after;
        if (ids.length < EXPORT_PAGE) break;
        await mark({ rowsDone: done });
        // Let the requests waiting meanwhile in: the embedded database runs one query at a time, and an
        // export that never yields would hold every other person's call (and its own progress poll) back.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const bytes = await writer.finish();
      const { key } = newStorageKeys(me.corpId, 'xlsx');
      await storage.put(key, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      await mark({ rowsDone: done, status: 'done', storageKey: key });
    } catch (error) {
      log(`export ${job.id} failed`, error);
      await mark({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'failed' }).catch(
        (failure: unknown) => log(`export ${job.id} could not be marked failed`, failure),
      );
    }
  }

  const caseFilter = (filter: ExportFilter): CaseExportFilter => ({
    status: filter.status,
    keyword: filter.keyword,
    owner_id: filter.owner_id,
    team_id: filter.team_id,
    month: filter.month,
    reached: filter.reached,
    bank_id: filter.bank_id,
    product_id: filter.product_id,
    channel_id: filter.channel_id,
  });

  function statusOf(me: Actor, row: ExportRow): ExportStatus {
    const stale = row.status === 'running' && now().getTime() - row.updatedAt.getTime() > EXPORT_STALE_MS;
    const status = stale ? 'failed' : row.status;
    let downloadUrl: string | null = null;
    if (status === 'done') {
      const { exp, sig } = signDownload(secret, `export:${me.corpId}:${row.id}`, me.id, now().getTime());
      downloadUrl = `/api/admin/export/download?id=${row.id}&exp=${exp}&sig=${encodeURIComponent(sig)}`;
    }
    return {
      id: row.id,
      kind: row.kind,
      status,
      rows_done: row.rowsDone,
      rows_total: row.rowsTotal,
      download_url: downloadUrl,
      message:
        status === 'done'
          ? T.exportDone
          : status === 'running'
            ? T.exportRunning
            : stale
              ? T.exportInterrupted
              : T.exportFailed,
    };
  }

  /** An export of the requester's own: another person's, or another company's, is not found. */
  async function ownExport(me: Actor, id: string) {
    const row = await repo.findExport(me.corpId, id);
    if (!row || row.requestedBy !== me.id) throw new NotFoundError(T.exportNotFound);
    return row;
  }

  return {
    previewImport,
    commitImport,
    importErrors,

    /** Counts the rows, records the export (audited), and writes it in the background. */
    async startExport(me: Actor, filter: ExportFilter): Promise<ExportStatus> {
      requireActor(me, 'admin.company');
      const total =
        filter.kind === 'cases'
          ? await countCasesForExport(repo.db, me.corpId, caseFilter(filter))
          : await countOrdersForExport(repo.db, me.corpId, filter.status);
      const id = newId();
      const at = now();
      await repo.transaction(async (tx) => {
        await repo.insertExport(tx, {
          corpId: me.corpId,
          id,
          kind: filter.kind,
          requestedBy: me.id,
          filter,
          rowsTotal: total,
          createdAt: at,
          updatedAt: at,
        });
        await audit(tx, me, `export.${filter.kind}`, filter.kind === 'cases' ? 'client' : 'brokerage_order', null, {
          export_id: id,
          filter,
          rows: total,
        });
      });
      const work = runExport(me, { id, kind: filter.kind, filter }).finally(() => running.delete(work));
      running.add(work);
      const row = await ownExport(me, id);
      return statusOf(me, row);
    },

    async exportStatus(me: Actor, id: string): Promise<ExportStatus> {
      requireActor(me, 'admin.company');
      return statusOf(me, await ownExport(me, id));
    },

    /** The file, for its requester only, through a link signed for them a few minutes ago. */
    async download(me: Actor, request: { id: string; exp: number; sig: string }) {
      requireActor(me, 'admin.company');
      const signed = verifyDownload(
        secret,
        { subject: `export:${me.corpId}:${request.id}`, exp: request.exp, sig: request.sig, staffId: me.id },
        now().getTime(),
      );
      if (!signed) throw new RefusedError(T.linkInvalid);
      const row = await ownExport(me, request.id);
      if (row.status !== 'done' || !row.storageKey) throw new NotFoundError(T.exportNotFound);
      const body = await storage.get(row.storageKey);
      if (!body) throw new NotFoundError(T.exportNotFound);
      const day = formatDay(row.createdAt);
      return { body, fileName: T.exportFileName(T.sheetName[row.kind], day) };
    },

    /** Waits for the exports still being written (the server's graceful stop, the tests). */
    async drain() {
      await Promise.allSettled([...running]);
    },

    wecomSync: (me: Actor) => syncDirectory(me),

    /**
     * The hourly housekeeping: exports older than a day lose their file and row, uploads their cells (a
     * committed upload's audit line stays). Answers how many exports went.
     */
    async sweepExpired() {
      const before = new Date(now().getTime() - KEEP_MS);
      const old = await repo.oldExports(before);
      for (const row of old) {
        if (row.storageKey) await storage.delete(row.storageKey);
        await repo.deleteExport(row.corpId, row.id);
      }
      await repo.deleteImportsBefore(before);
      return old.length;
    },
  };

  // ---- the WeCom directory sync -----------------------------------------------------------------------

  async function readDirectory() {
    try {
      const departments = await wecom.listDepartments();
      const members = new Map<string, WecomMember>();
      for (const department of departments)
        for (const member of await wecom.listDepartmentMembers(department.id)) members.set(member.userid, member);
      return { departments, members: [...members.values()] };
    } catch (error) {
      log('WeCom directory read failed', error);
      throw new RefusedError(T.wecomFailed, { cause: error });
    }
  }

  /**
   * WeCom's directory is the source of who works here, their name, team (the member's main department,
   * by name) and leader flag; the back office keeps jobs and grants (decision 059). Members are matched by
   * their bound WeCom userid, then by mobile (binding it); new members with a mobile become staff; bound
   * staff no longer active in WeCom are disabled. One transaction, one audit line per person changed.
   */
  async function syncDirectory(me: Actor): Promise<WecomSyncResult> {
    requireActor(me, 'admin.company');
    const { departments, members } = await readDirectory();
    const active = members.filter((member) => member.status === 1 || member.status === 4);
    if (active.length === 0) throw new RefusedError(T.directoryEmpty);
    const departmentName = new Map(departments.filter((d) => d.parentId !== 0).map((d) => [d.id, d.name]));
    const result: WecomSyncResult = { created: [], disabled: [], updated: [], skipped: [], teams_created: [] };

    await repo.transaction(async (tx) => {
      const at = now();
      const people = await staffDirectory(tx, me.corpId);
      const teams = new Map((await companyTeams(tx, me.corpId)).map((team) => [team.name, team.id]));
      const byUserid = new Map(people.filter((p) => p.wxworkId).map((p) => [p.wxworkId!, p]));
      const byPhone = new Map(people.map((p) => [p.phone, p]));
      const teamFor = async (member: WecomMember) => {
        const name = member.mainDepartment === null ? undefined : departmentName.get(member.mainDepartment);
        if (name === undefined) return undefined; // the root department only: the team stays as it is
        let id = teams.get(name);
        if (id === undefined) {
          id = (await insertTeam(tx, me.corpId, name)).id;
          teams.set(name, id);
          result.teams_created.push(name);
          await audit(tx, me, 'wecom.sync.team', 'team', id, { id, name });
        }
        return id;
      };
      const leads = (member: WecomMember) =>
        member.mainDepartment !== null && member.leads.includes(member.mainDepartment);

      for (const member of active) {
        const who = { name: member.name, userid: member.userid };
        let person = byUserid.get(member.userid);
        let bind = false;
        if (!person && member.mobile) {
          const samePhone = byPhone.get(member.mobile);
          if (samePhone?.wxworkId) {
            result.skipped.push({ ...who, id: samePhone.id, reason: T.mobileBound });
            continue;
          }
          person = samePhone;
          bind = person !== undefined;
        }
        if (person && !person.isActive) {
          result.skipped.push({ ...who, id: person.id, reason: T.disabledHere });
          continue;
        }
        const teamId = await teamFor(member);
        if (person) {
          const values: Parameters<typeof updateStaffRow>[3] = {};
          const changes: string[] = [];
          if (bind) {
            values.wxworkId = member.userid;
            changes.push(T.change.bound);
          }
          if (member.name !== person.name) {
            values.name = member.name;
            changes.push(T.change.name);
          }
          if (teamId !== undefined && teamId !== person.teamId) {
            values.teamId = teamId;
            changes.push(T.change.team);
          }
          if (teamId !== undefined && leads(member) !== person.isLeader) {
            values.isLeader = leads(member);
            changes.push(T.change.leader);
          }
          if (changes.length === 0) continue;
          await updateStaffRow(tx, me.corpId, person.id, values);
          await recordAudit(tx, {
            corpId: me.corpId,
            actorId: me.id,
            action: 'wecom.sync.update',
            entity: 'staff',
            entityId: person.id,
            before: {
              name: person.name,
              team_id: person.teamId,
              is_leader: person.isLeader,
              wxwork_id: person.wxworkId,
            },
            after: { ...values, wxwork_id: member.userid },
            at,
          });
          result.updated.push({ ...who, id: person.id, changes });
          continue;
        }
        if (!PHONE_PATTERN.test(member.mobile)) {
          result.skipped.push({ ...who, id: null, reason: T.noMobile });
          continue;
        }
        const jobs = JOB_NAMES[member.position.trim()];
        const [created] = await insertStaffRows(tx, me.corpId, [
          {
            name: member.name,
            phone: member.mobile,
            teamId: teamId ?? null,
            jobs: jobs === undefined ? [] : [jobs],
            isLeader: teamId !== undefined && leads(member),
            sex: member.gender,
            wxworkId: member.userid,
            createdAt: at,
          },
        ]);
        if (!created) continue;
        await audit(tx, me, 'wecom.sync.add', 'staff', created.id, {
          name: member.name,
          phone: member.mobile,
          wxwork_id: member.userid,
          team_id: teamId ?? null,
        });
        result.created.push({ ...who, id: created.id });
      }

      const present = new Set(active.map((member) => member.userid));
      for (const person of people) {
        if (!person.isActive || !person.wxworkId || present.has(person.wxworkId)) continue;
        const who = { id: person.id, name: person.name, userid: person.wxworkId };
        if (person.id === me.id) {
          result.skipped.push({ ...who, reason: T.notSelf });
          continue;
        }
        await updateStaffRow(tx, me.corpId, person.id, { isActive: false });
        await recordAudit(tx, {
          corpId: me.corpId,
          actorId: me.id,
          action: 'wecom.sync.disable',
          entity: 'staff',
          entityId: person.id,
          before: { is_active: true },
          after: { is_active: false },
          at,
        });
        result.disabled.push(who);
      }
      await audit(tx, me, 'wecom.sync', 'staff', null, {
        created: result.created.length,
        updated: result.updated.length,
        disabled: result.disabled.length,
        skipped: result.skipped.length,
        teams_created: result.teams_created,
      });
    });
    return result;
  }
}

export type AdminioService = ReturnType<typeof createAdminioService>;

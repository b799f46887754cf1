import type { Clock } from '../../clock.ts';
import { toPage } from '@crm/domain/api/page';
import { apiFields } from '../api-fields.ts';
import type {
  AddMoneyRequest,
  MoneyList,
  MoneyRecord,
  MoneyToConfirmList,
  OcrResult,
  Proof,
  ProofImage,
  ProofList,
  ProofRejectList,
} from '@crm/domain/api/money';
import type { OcrKind } from '@crm/domain/idcard';
import { isAmountTooLarge, MAX_IMAGE_BYTES, MAX_PROOFS_PER_CASE, moneyAmountToFen } from '@crm/domain/money';
import { OcrTimeoutError, OcrUnavailableError, type OcrAdapter } from '../../adapters/ocr/index.ts';
import { NotFoundError, RefusedError, TooManyError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { can, requireActor, type Access } from '../access/index.ts';
import type { CaseWithScope } from '../cases/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { sniffImageFormat } from '../../images/image-processing.ts';
import type { FileRow } from '../files/index.ts';
import type { FilesService } from '../files/index.ts';
import type { MoneyRepository, MoneyRow } from './money.repository.ts';
import { MONEY_TEXTS as T } from './money.texts.ts';

type CaseRow = CaseWithScope;

export interface MoneyServiceDeps {
  repo: MoneyRepository;
  /** Proof and repayment images are modules/files' (storage, links, sweep); this module links them. */
  files: FilesService;
  access: Access;
  ocr: OcrAdapter;
  now: Clock;
  log?: (message: string, error: unknown) => void;
}

/*
 * Who may do what with a case's money and proofs is the case's policy in the access module
 * (money.read, money.add, money.delete, money.confirm, proof.*; docs/decisions/020 and 041).
 */
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Recognitions one person may have queued or running at once (per process). The OCR pool serves everyone
 * first come first served, so without this one person's burst of photos would queue a colleague's behind it.
 */
export const MAX_OCR_PER_PERSON = 2;

export function createMoneyService({ repo, access, files, ocr, now, log = () => undefined }: MoneyServiceDeps) {
  const readableCase = (me: StaffIdentity, clientId: number): Promise<CaseRow> =>
    access.require(me, 'money.read', clientId);
  const writableCase = (me: StaffIdentity, clientId: number): Promise<CaseRow> =>
    access.require(me, 'money.add', clientId);

  const imageOf = (me: StaffIdentity, fileId: number): ProofImage => files.links(fileId, me.id);
  /** Staff id → recognitions of theirs queued or running. */
  const ocrInFlight = new Map<number, number>();

  /** The case a file belongs to; a file of another owner kind is none of this module's. */
  const caseOfFile = (file: FileRow): number => {
    if (file.ownerKind !== 'case' || file.clientId === null) throw new RefusedError(T.imageOfOtherCase);
    return file.clientId;
  };

  /** The names of the staff some rows name (who recorded, confirmed or rejected each), by id: one query. */
  const staffNamesIn = <R>(me: StaffIdentity, rows: readonly R[], staffOf: (row: R) => (number | null)[]) =>
    repo.staffNames(
      me.corpId,
      rows.flatMap(staffOf).filter((id): id is number => id !== null),
    );

  /**
   * The images a write may use: each must exist, belong to this case, and be fresh (not used by another
   * proof or record). `reusable` are ids this proof's current version already holds, which a re-upload
   * may keep.
   */
  async function checkImages(
    me: StaffIdentity,
    caseRow: CaseRow,
    fileIds: number[],
    reusable: number[] = [],
  ): Promise<FileRow[]> {
    const rows = await files.find(me.corpId, fileIds);
    if (rows.length !== fileIds.length) throw new RefusedError(T.imageNotFound);
    for (const row of rows) {
      if (caseOfFile(row) !== caseRow.id) throw new RefusedError(T.imageOfOtherCase);
      if (row.attachedAt && !reusable.includes(row.id)) throw new RefusedError(T.imageInUse);
    }
    return rows;
  }

  async function toMoneyRecords(me: StaffIdentity, caseRow: CaseRow, rows: MoneyRow[]): Promise<MoneyRecord[]> {
    const [links, names] = await Promise.all([
      repo.moneyImageFiles(
        me.corpId,
        rows.map((row) => row.id),
      ),
      staffNamesIn(me, rows, (row) => [row.createdBy, row.confirmedBy]),
    ]);
    return rows.map((row) => ({
      ...apiFields(row, ['id', 'clientId', 'amountFen', 'paidOn', 'method', 'cardLast4', 'note', 'status']),
      created_by: { id: row.createdBy, name: names.get(row.createdBy) ?? '' },
      confirmed_by: row.confirmedBy ? { id: row.confirmedBy, name: names.get(row.confirmedBy) ?? '' } : null,
      confirmed_at: iso(row.confirmedAt),
      created_at: row.createdAt.toISOString(),
      images: links.filter((link) => link.moneyId === row.id).map((link) => imageOf(me, link.fileId)),
      can_confirm: row.status === 'pending' && can(me, 'money.confirm', { case: caseRow, record: row }),
      can_delete: row.status === 'pending' && can(me, 'money.delete', { case: caseRow, record: row }),
    }));
  }

  async function toProofs(me: StaffIdentity, caseRow: CaseRow, ids: number[]): Promise<Proof[]> {
    const proofsOfCase = (await repo.listLiveProofs(me.corpId, caseRow.id)).filter(
      (p) => ids.length === 0 || ids.includes(p.id),
    );
    const proofIds = proofsOfCase.map((p) => p.id);
    const [images, rejections] = await Promise.all([
      repo.proofImageFiles(me.corpId, proofIds),
      repo.rejectionsOf(me.corpId, proofIds),
    ]);
    const names = await staffNamesIn(me, rejections, (r) => [r.rejectedBy]);
    return proofsOfCase.map((p) => {
      const mine = images.filter((image) => image.proofId === p.id);
      const versions = [...new Set(mine.map((image) => image.version))]
        .filter((v) => v !== p.version)
        .sort((a, b) => b - a);
      return {
        id: p.id,
        client_id: p.clientId,
        type: p.type,
        status: p.status,
        version: p.version,
        images: mine.filter((image) => image.version === p.version).map((image) => imageOf(me, image.fileId)),
        history: versions.map((version) => ({
          version,
          images: mine.filter((image) => image.version === version).map((image) => imageOf(me, image.fileId)),
        })),
        rejections: rejections
          .filter((r) => r.proofId === p.id)
          .map((r) => ({
            id: r.id,
            reason: r.reason,
            rejected_by: { id: r.rejectedBy, name: names.get(r.rejectedBy) ?? '' },
            created_at: r.createdAt.toISOString(),
            resolved_at: iso(r.resolvedAt),
          })),
        created_at: p.createdAt.toISOString(),
        can_edit: p.status === 'rejected' && can(me, 'proof.update', { case: caseRow }),
        can_reject: p.status === 'submitted' && can(me, 'proof.reject', { case: caseRow }),
      };
    });
  }

  async function oneProof(me: StaffIdentity, caseRow: CaseRow, proofId: number): Promise<Proof> {
    const [proof] = await toProofs(me, caseRow, [proofId]);
    if (!proof) throw new NotFoundError(T.recordNotFound);
    return proof;
  }

  /** A live proof and its case, after the permission's check. */
  async function proofWithCase(
    me: StaffIdentity,
    permission: 'proof.update' | 'proof.delete' | 'proof.reject',
    proofId: number,
  ) {
    const { proof, case: caseRow } = await access.require(me, permission, proofId);
    return { proof, caseRow };
  }

  return {
    // ---- images

    /** Stores one proof image of a case: checked, re-encoded, thumbnailed. Nothing stays behind on failure. */
    async uploadProofImage(me: StaffIdentity, clientId: number, bytes: Buffer): Promise<ProofImage> {
      const caseRow = await writableCase(me, clientId);
      const row = await files.store({
        corpId: me.corpId,
        uploaderId: me.id,
        owner: { kind: 'case', clientId: caseRow.id },
        bytes,
      });
      return imageOf(me, row.id);
    },

    /** /common/delimg: an image not yet used by a proof or record (the upload form's grid). */
    async deleteImage(me: StaffIdentity, fileId: number): Promise<void> {
      const file = await files.findOne(me.corpId, fileId);
      if (!file) throw new NotFoundError(T.imageNotFound);
      await writableCase(me, caseOfFile(file));
      if (file.attachedAt) throw new RefusedError(T.imageAttached);
      if (!(await files.deleteUnattached(me.corpId, fileId))) throw new RefusedError(T.imageAttached);
    },

    /** For the files module's image route: throws unless the caller may read the case an image belongs to. */
    async assertCaseReadable(me: StaffIdentity, clientId: number): Promise<void> {
      await readableCase(me, clientId);
    },

    /** /api/ysb/uploadImg with kind idCard or bankCard: the number and a confidence; the photo is not kept. */
    async recognize(me: StaffIdentity, kind: OcrKind, bytes: Buffer): Promise<OcrResult> {
      if (bytes.length === 0) throw new RefusedError(T.fileEmpty);
      if (bytes.length > MAX_IMAGE_BYTES) throw new RefusedError(T.fileTooLarge);
      if (!sniffImageFormat(bytes)) throw new RefusedError(T.notAnImage);
      const mine = ocrInFlight.get(me.id) ?? 0;
      if (mine >= MAX_OCR_PER_PERSON) throw new TooManyError(T.ocrBusy, 5);
      ocrInFlight.set(me.id, mine + 1);
      let reading;
      try {
        reading = await ocr.recognize(kind, bytes);
      } catch (error) {
        if (error instanceof OcrTimeoutError) {
          log('OCR timed out', error);
          throw new RefusedError(T.ocrTimeout);
        }
        if (error instanceof OcrUnavailableError) {
          log('OCR unavailable', error);
          throw new RefusedError(T.ocrUnavailable);
        }
        // sharp could not decode it: a broken or truncated picture.
        throw new RefusedError(T.imageBroken);
      } finally {
        const left = (ocrInFlight.get(me.id) ?? 1) - 1;
        if (left > 0) ocrInFlight.set(me.id, left);
        else ocrInFlight.delete(me.id);
      }
      if (!reading) throw new RefusedError(T.ocrNothing);
      return { kind, ...reading };
    },

    // ---- money

    async listMoney(me: StaffIdentity, clientId: number, cursor: number | null, limit: number): Promise<MoneyList> {
      const caseRow = await readableCase(me, clientId);
      const [rows, confirmed] = await Promise.all([
        repo.listMoney(me.corpId, clientId, { cursor, limit }),
        repo.confirmedTotal(me.corpId, clientId),
      ]);
      const page = rows.slice(0, limit);
      return {
        client: { id: caseRow.id, name: caseRow.name },
        confirmed_fen: confirmed,
        list: await toMoneyRecords(me, caseRow, page),
        next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
        can_add: can(me, 'money.add', caseRow),
      };
    },

    /**
     * Records a repayment once per idempotency key: a double tap or a retried request answers the first
     * record. The record, its image links and the images' "attached" mark are one transaction.
     */
    async addMoney(me: StaffIdentity, input: AddMoneyRequest): Promise<MoneyRecord> {
      const caseRow = await writableCase(me, input.id);
      const answer = async (row: MoneyRow) => {
        if (row.clientId !== caseRow.id) throw new RefusedError(T.keyReused);
        const [record] = await toMoneyRecords(me, caseRow, [row]);
        if (!record) throw new NotFoundError(T.recordNotFound);
        return record;
      };
      const earlier = await repo.findMoneyByKey(me.corpId, input.key);
      if (earlier) return answer(earlier);
      const amountFen = moneyAmountToFen(input.amount);
      if (amountFen === null) {
        throw new RefusedError(isAmountTooLarge(input.amount) ? T.amountTooLarge : T.amountFormat);
      }
      let created: MoneyRow | undefined;
      try {
        await checkImages(me, caseRow, input.imgs);
        const at = now();
        created = await repo.transaction(async (tx) => {
          const row = await repo.insertMoney(tx, {
            corpId: me.corpId,
            clientId: caseRow.id,
            amountFen,
            paidOn: input.paid_on,
            method: input.method,
            cardLast4: input.card_no ? input.card_no.slice(-4) : null,
            note: input.note,
            createdBy: me.id,
            idempotencyKey: input.key,
            createdAt: at,
          });
          if (!row) return undefined;
          if ((await files.attach(tx, me.corpId, input.imgs, at)) !== input.imgs.length)
            throw new RefusedError(T.imageInUse);
          await repo.insertMoneyImages(tx, me.corpId, row.id, input.imgs);
          return row;
        });
      } catch (error) {
        // A double tap racing this one may have recorded the key and taken the images between our first
        // look and now: its record is the answer, not "image in use".
        const raced = error instanceof RefusedError ? await repo.findMoneyByKey(me.corpId, input.key) : undefined;
        if (raced) return answer(raced);
        throw error;
      }
      // A concurrent request with the same key won the insert: answer its record.
      const row = created ?? (await repo.findMoneyByKey(me.corpId, input.key));
      if (!row) throw new RefusedError(T.keyReused);
      return answer(row);
    },

    async confirmMoney(me: StaffIdentity, id: number): Promise<MoneyRecord> {
      const row = await repo.findMoney(me.corpId, id);
      if (!row) throw new NotFoundError(T.recordNotFound);
      const caseRow = await readableCase(me, row.clientId);
      if (row.status === 'confirmed') throw new RefusedError(T.alreadyConfirmed);
      // Refused, not forbidden: whoever could confirm it but recorded it (maker-checker) is told why.
      if (row.createdBy === me.id && can(me, 'money.confirm', { case: caseRow, record: { createdBy: 0 } }))
        throw new RefusedError(T.cannotConfirmOwn);
      access.assert(me, 'money.confirm', { case: caseRow, record: row });
      const confirmed = await repo.confirmMoney(me.corpId, id, me.id, now());
      if (!confirmed) throw new RefusedError(T.alreadyConfirmed);
      const [record] = await toMoneyRecords(me, caseRow, [confirmed]);
      if (!record) throw new NotFoundError(T.recordNotFound);
      return record;
    },

    async deleteMoney(me: StaffIdentity, id: number): Promise<void> {
      const { record: row } = await access.require(me, 'money.delete', id);
      if (row.status === 'confirmed') throw new RefusedError(T.alreadyConfirmed);
      const removed = await repo.transaction(async (tx) => {
        const unused = await repo.deletePendingMoney(tx, me.corpId, id);
        return unused && (await files.forget(tx, me.corpId, unused));
      });
      if (!removed) throw new RefusedError(T.alreadyConfirmed);
      await files.removeObjects(removed);
    },

    // ---- proofs

    async listProofs(me: StaffIdentity, clientId: number): Promise<ProofList> {
      const caseRow = await access.require(me, 'proof.read', clientId);
      return {
        client: { id: caseRow.id, name: caseRow.name },
        items: await toProofs(me, caseRow, []),
        can_add: can(me, 'proof.add', caseRow),
      };
    },

    async addProof(me: StaffIdentity, input: { id: number; type: number; imgs: number[] }): Promise<Proof> {
      const caseRow = await access.require(me, 'proof.add', input.id);
      if ((await repo.countLiveProofs(me.corpId, caseRow.id)) >= MAX_PROOFS_PER_CASE)
        throw new RefusedError(T.tooManyProofs);
      await checkImages(me, caseRow, input.imgs);
      const at = now();
      const proof = await repo.transaction(async (tx) => {
        // Counted again under the case's lock: concurrent adds past the check above stop at the cap.
        await repo.lockCaseProofs(tx, me.corpId, caseRow.id);
        if ((await repo.countLiveProofs(me.corpId, caseRow.id, tx)) >= MAX_PROOFS_PER_CASE)
          throw new RefusedError(T.tooManyProofs);
        const row = await repo.insertProof(tx, {
          corpId: me.corpId,
          clientId: caseRow.id,
          type: input.type,
          createdBy: me.id,
          createdAt: at,
          updatedAt: at,
        });
        if ((await files.attach(tx, me.corpId, input.imgs, at)) !== input.imgs.length)
          throw new RefusedError(T.imageInUse);
        await repo.insertProofImages(tx, me.corpId, row.id, 1, input.imgs);
        return row;
      });
      return oneProof(me, caseRow, proof.id);
    },

    /** Re-upload after a rejection: a new version of the images; the old version stays in the history. */
    async updateProof(me: StaffIdentity, input: { id: number; imgs: number[] }): Promise<Proof> {
      const { proof, caseRow } = await proofWithCase(me, 'proof.update', input.id);
      if (proof.status !== 'rejected') throw new RefusedError(T.proofNotRejected);
      const current = (await repo.proofImageFiles(me.corpId, [proof.id]))
        .filter((image) => image.version === proof.version)
        .map((image) => image.fileId);
      await checkImages(me, caseRow, input.imgs, current);
      const fresh = input.imgs.filter((id) => !current.includes(id));
      const at = now();
      await repo.transaction(async (tx) => {
        const changed = await repo.resubmitProof(tx, me.corpId, proof.id, proof.version, at);
        if (!changed) throw new RefusedError(T.proofNotRejected);
        if ((await files.attach(tx, me.corpId, fresh, at)) !== fresh.length) throw new RefusedError(T.imageInUse);
        await repo.insertProofImages(tx, me.corpId, proof.id, changed.version, input.imgs);
      });
      return oneProof(me, caseRow, proof.id);
    },

    async deleteProof(me: StaffIdentity, id: number): Promise<void> {
      const { proof } = await proofWithCase(me, 'proof.delete', id);
      if (!(await repo.deleteProof(me.corpId, proof.id, now()))) throw new NotFoundError(T.recordNotFound);
    },

    async rejectProof(me: StaffIdentity, input: { id: number; reason: string }): Promise<Proof> {
      const { proof, caseRow } = await proofWithCase(me, 'proof.reject', input.id);
      if (proof.status === 'rejected') throw new RefusedError(T.proofAlreadyRejected);
      const changed = await repo
        .rejectProof({
          corpId: me.corpId,
          proofId: proof.id,
          clientId: caseRow.id,
          ownerId: caseRow.ownerId,
          clientName: caseRow.name,
          reason: input.reason,
          by: me.id,
          at: now(),
        })
        .catch((error: unknown) => {
          // The one-open-rejection index behind the conditional update: the same answer.
          throw isUniqueViolation(error) ? new RefusedError(T.proofAlreadyRejected) : error;
        });
      if (!changed) throw new RefusedError(T.proofAlreadyRejected);
      return oneProof(me, caseRow, proof.id);
    },

    /** The leader's repayments to confirm (their team's cases, recorded by someone else), newest first. */
    async listToConfirm(me: StaffIdentity, cursor: number | null, limit: number): Promise<MoneyToConfirmList> {
      requireActor(me, 'money.confirm.list');
      const teamId = me.teamId ?? 0;
      const rows = await repo.listToConfirm({ corpId: me.corpId, teamId, leaderId: me.id }, { cursor, limit });
      const shown = rows.slice(0, limit);
      // Every row is one the leader may confirm (their team's case), so they may see its photos too.
      const [names, links] = await Promise.all([
        staffNamesIn(me, shown, (row) => [row.createdBy]),
        repo.moneyImageFiles(
          me.corpId,
          shown.map((row) => row.id),
        ),
      ]);
      return toPage(rows, limit, (row) => ({
        ...apiFields(row, ['id', 'clientId', 'clientName', 'amountFen', 'paidOn']),
        recorded_by: names.get(row.createdBy) ?? '',
        created_at: row.createdAt.toISOString(),
        images: links.filter((link) => link.moneyId === row.id).map((link) => imageOf(me, link.fileId)),
      }));
    },

    /** GET proofReject: the open rejections of the caller's own cases, with the images to redo. */
    async listRejections(me: StaffIdentity, cursor: number | null, limit: number): Promise<ProofRejectList> {
      const rows = await repo.listOpenRejections(me.corpId, me.id, { cursor, limit });
      const shown = rows.slice(0, limit);
      const [images, names] = await Promise.all([
        repo.proofImageFiles(
          me.corpId,
          shown.map((row) => row.proofId),
        ),
        staffNamesIn(me, shown, (row) => [row.rejectedBy]),
      ]);
      return toPage(rows, limit, (row) => ({
        ...apiFields(row, ['id', 'proofId', 'type', 'reason']),
        client: { id: row.clientId, name: row.clientName },
        rejected_by: { id: row.rejectedBy, name: names.get(row.rejectedBy) ?? '' },
        created_at: row.createdAt.toISOString(),
        images: images
          .filter((image) => image.proofId === row.proofId && image.version === row.version)
          .map((image) => imageOf(me, image.fileId)),
      }));
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;

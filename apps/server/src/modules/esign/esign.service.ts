import { createHash, randomBytes } from 'node:crypto';
import {
  ESIGN_EVENT_LABELS,
  ESIGN_STATUS_LABELS,
  type EsignEvidence,
  type EsignOrder,
  type EsignOrderSummary,
  type EsignPublicVerify,
  type EsignVerify,
} from '@crm/domain/api/esign';
import { toPage } from '@crm/domain/api/page';
import { maskIdNumber, maskPhone } from '@crm/domain/validation';
import type { SmsAdapter } from '../../adapters/sms/index.ts';
import type { TimestampToken, TsaAdapter } from '../../adapters/tsa/tsa.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { apiFields } from '../api-fields.ts';
import type { Access } from '../access/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { FilesService } from '../files/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { checkChain, eventHash, withZone, type ChainCheck } from './esign.chain.ts';
import { renderCertificate, renderDocument, stampSignature, type DocPage } from './esign.pdf.ts';
import type { EsignEventRow, EsignOrderRow, EsignRepository, Transaction } from './esign.repository.ts';
import { loadSealCertificate, sealCertificateSha256, sealPades, sha256, type SealCertificate } from './esign.seal.ts';
import { verifyPdf } from './esign.verify.ts';
import { ESIGN_TEXTS as T } from './esign.texts.ts';
import type { CaseAgreementTerms } from '../cases/index.ts';
import { backoffMs, enqueueReminder } from '../reminders/index.ts';

/** Where a call came from: what every event records. */
export interface CallContext {
  ip: string;
  userAgent: string;
}

type EventType = EsignEventRow['type'];
type Detail = Record<string, string | number>;

const DAY_MS = 86_400_000;
/** The reminders of an unsigned order (issue 48), once each: a day after it was sent, and a day before it expires. */
export const ESIGN_REMINDERS = ['day1', 'last'] as const;
export type EsignReminder = (typeof ESIGN_REMINDERS)[number];
/** Tries of a seal's timestamp, the one at signing included: with the queue's backoff, about eight hours. */
export const TIMESTAMP_MAX_ATTEMPTS = 20;
/** What the queue's events record as where they came from. */
const QUEUE_CONTEXT: CallContext = { ip: '', userAgent: 'job queue' };
export const SIGNER_SESSION_TTL_MS = 30 * 60_000;

const PDF_MAGIC = Buffer.from('%PDF-');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const maskName = (name: string) => (name.length > 1 ? `${name.slice(0, 1)}${'*'.repeat(name.length - 1)}` : name);
const yuan = (fen: number | null) => (fen === null ? '—' : `${(fen / 100).toFixed(2)} 元`);

export interface EsignServiceDeps {
  repo: EsignRepository;
  access: Access;
  auth: Pick<AuthService, 'sendSmsCode' | 'spendCodeFor'>;
  files: FilesService;
  /** A case's terms (modules/cases), read in the company. */
  caseTerms: (corpId: number, id: number) => Promise<CaseAgreementTerms | undefined>;
  /** Refuses a case without the client's consent in force (modules/cases, decision 073). */
  requireConsent: (corpId: number, clientId: number) => Promise<void>;
  certificate: SealCertificate;
  /** PUBLIC_URL: signing links point there. */
  publicUrl: string;
  /** Texts the reminders of unsigned orders (issue 48); none are sent without it. */
  sms?: Pick<SmsAdapter, 'sendNotice'> | undefined;
  /** RFC 3161 timestamp authority over each sealed PDF; off when absent (decision 054). */
  tsa?: TsaAdapter | undefined;
  now: Clock;
  log?: (message: string, error: unknown) => void;
}

/** Fills `{{field}}` slots of a template paragraph. */
function fill(text: string, fields: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fields[key] ?? '');
}

export function createEsignService(deps: EsignServiceDeps) {
  const { repo, files, now } = deps;
  const log = deps.log ?? (() => undefined);
  const linkOf = (token: string) => `${deps.publicUrl}/interface/esign?t=${token}`;

  /**
   * Appends one event to a locked order's chain; `order` is the row as locked and is moved on (head and
   * count) so several events can be appended in one transaction.
   */
  async function append(
    tx: Transaction,
    order: EsignOrderRow,
    type: EventType,
    actor: string,
    context: CallContext,
    detail: Detail = {},
  ) {
    const at = withZone(now());
    const event = {
      orderId: order.id,
      seq: order.eventCount + 1,
      type,
      actor,
      ip: context.ip.slice(0, 64),
      userAgent: context.userAgent.slice(0, 300),
      at,
      detail,
      prevHash: order.chainHead,
    };
    const hash = eventHash(event);
    await repo.insertEvent(tx, { ...event, corpId: order.corpId, hash });
    order.chainHead = hash;
    order.eventCount = event.seq;
    await repo.updateOrder(tx, order.corpId, order.id, { chainHead: hash, eventCount: event.seq });
  }

  /** Locks the order and appends events in one transaction. */
  async function record(corpId: number, orderId: number, events: [EventType, string, CallContext, Detail?][]) {
    await repo.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, corpId, orderId);
      if (!order) throw new NotFoundError(T.orderNotFound);
      for (const [type, actor, context, detail] of events) await append(tx, order, type, actor, context, detail);
    });
  }

  /** A staff member's order: another company's is 404, another salesperson's (outside a leader's team) 403. */
  async function ownOrder(me: StaffIdentity, id: number): Promise<EsignOrderRow> {
    const order = await repo.findOrder(me.corpId, id);
    if (!order) throw new NotFoundError(T.orderNotFound);
    if (order.staffId === me.id) return order;
    if (me.isLeader && me.teamId !== null && (await repo.teamOf(me.corpId, order.staffId)) === me.teamId) return order;
    throw new ForbiddenError(T.notYours);
  }

  async function chainOf(order: EsignOrderRow): Promise<{ events: EsignEventRow[]; check: ChainCheck }> {
    const events = await repo.events(order.corpId, order.id);
    return {
      events,
      check: checkChain(events, order.originalSha256, { head: order.chainHead, count: order.eventCount }),
    };
  }

  const chainAnswer = (check: ChainCheck) => ({
    intact: check.intact,
    broken_at: check.brokenAt,
    head: check.head,
    count: check.count,
  });

  /** Whole days (rounded up) an unsigned order has before it expires; null once it is not waiting. */
  const daysLeft = (order: EsignOrderRow) =>
    order.status === 'sent' && order.linkExpiresAt
      ? Math.max(0, Math.ceil((order.linkExpiresAt.getTime() - now().getTime()) / DAY_MS))
      : null;

  /** Why an order not waiting for its signer refuses a change. */
  const notOpen = (status: EsignOrderRow['status']) =>
    status === 'signed' ? T.alreadySigned : status === 'expired' ? T.expired : T.cancelled;

  /** When an order sent (or resent) now expires: the company's days (esign_expiry_days). */
  const expiryFrom = async (corpId: number) => new Date(now().getTime() + (await repo.expiryDays(corpId)) * DAY_MS);

  function summary(order: EsignOrderRow): EsignOrderSummary {
    return {
      ...apiFields(order, ['id', 'clientId', 'title', 'signerName', 'status']),
      // Masked for the sender too (decision 065): the case's page reveals the client's phone, logged.
      signer_phone: maskPhone(order.signerPhone),
      status_label: ESIGN_STATUS_LABELS[order.status],
      created_at: order.createdAt.toISOString(),
      signed_at: order.signedAt?.toISOString() ?? null,
      expires_at: order.status === 'sent' ? (order.linkExpiresAt?.toISOString() ?? null) : null,
      days_left: daysLeft(order),
    };
  }

  /** An unsigned order past its time: expired, its link and signer sessions end, an `expired` event. */
  async function expire(order: EsignOrderRow) {
    await repo.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, order.corpId, order.id);
      if (!locked || locked.status !== 'sent' || !locked.linkExpiresAt || locked.linkExpiresAt > now()) return;
      await repo.updateOrder(
        tx,
        order.corpId,
        order.id,
        { status: 'expired', expiredAt: now(), linkTokenHash: null },
        'sent',
      );
      await repo.endSessions(tx, order.corpId, order.id);
      await append(tx, locked, 'expired', 'system', QUEUE_CONTEXT, { expires_at: withZone(locked.linkExpiresAt) });
    });
  }

  async function readFile(corpId: number, fileId: number | null): Promise<Buffer> {
    if (fileId === null) throw new RefusedError(T.notSigned);
    const file = await files.findOne(corpId, fileId);
    const body = file ? await files.read(file, 'full') : null;
    if (!body) throw new NotFoundError(T.orderNotFound);
    return body.body;
  }

  /**
   * Seals with the TSA's token in the signature (PAdES B-T) when a TSA is set; when it fails the seal is made
   * without one (B-B, the signature is never held back) and `failure` says why, for the queue to try again.
   */
  async function sealTimestamped(pdf: Uint8Array, reason: string, companyName: string) {
    const at = now();
    const input = { ...loadSealCertificate(deps.certificate, at), at, reason, name: companyName, location: 'CN' };
    if (!deps.tsa) return { ...(await sealPades(pdf, input)), failure: null };
    try {
      return { ...(await sealPades(pdf, { ...input, tsa: deps.tsa })), failure: null };
    } catch (error) {
      return { ...(await sealPades(pdf, input)), failure: error };
    }
  }

  const timestampDetail = (sealedSha256: string, token: TimestampToken, attempt: number): Detail => ({
    sha256: sealedSha256,
    covers: 'signature value (signature-time-stamp, PAdES B-T; the seal is B-LTA)',
    gen_time: token.genTime.toISOString(),
    serial: token.serial,
    token: token.token.toString('base64'),
    attempt,
  });

  /**
   * A failed try of the seal's timestamp: a `timestamp_failed` event (which try, why, when the next comes) and,
   * at the first, the job that tries again with the queue's backoff until the TSA answers or the tries run out.
   * The server's clock never stands in for the TSA's.
   */
  async function timestampFailed(order: EsignOrderRow, attempt: number, error: unknown, context: CallContext) {
    log(`esign order ${order.id}: timestamp authority failed (try ${attempt})`, error);
    const final = attempt >= TIMESTAMP_MAX_ATTEMPTS;
    const retryAt = new Date(now().getTime() + backoffMs(attempt));
    await repo.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, order.corpId, order.id);
      if (!locked) return;
      await append(tx, locked, 'timestamp_failed', 'system', context, {
        sha256: locked.sealedSha256 ?? '',
        reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
        attempt,
        ...(final ? { gave_up: 1 } : { retry_at: withZone(retryAt) }),
      });
      if (attempt === 1)
        await enqueueReminder(tx, {
          corpId: order.corpId,
          kind: 'esign-timestamp',
          eventKey: String(order.id),
          recipientId: null,
          card: { title: 'esign timestamp', description: '', path: '' },
          esignOrderId: order.id,
          runAt: retryAt,
          createdAt: now(),
        });
    });
  }

  /**
   * The queue's try of a seal made without a timestamp: the stamped document (the prefix of the sealed file
   * before its signature's incremental update, checked against the hash the `sealed` event holds) is sealed
   * again at B-T; the new file becomes the order's sealed document and the `timestamped` event names both
   * hashes. Answers whether the order is timestamped now.
   */
  async function resealTimestamped(tsa: TsaAdapter, corpId: number, orderId: number, attempt: number) {
    const order = await repo.findOrder(corpId, orderId);
    if (!order?.sealedSha256) return false;
    const events = await repo.events(corpId, orderId);
    if (events.some((e) => e.type === 'timestamped')) return true;
    const sealedEvent = events.findLast((e) => e.type === 'sealed');
    const stampedLength = Number(sealedEvent?.detail.stamped_length);
    const sealed = await readFile(corpId, order.sealedFileId);
    const stamped = sealed.subarray(0, stampedLength);
    if (!stampedLength || sha256(stamped) !== sealedEvent?.detail.stamped_sha256)
      throw new Error(`esign order ${orderId}: the stamped document cannot be recovered from the sealed one`);
    const companyName = await repo.companyName(corpId);
    const at = now();
    const input = { ...loadSealCertificate(deps.certificate, at), at, name: companyName, location: 'CN' };
    let result: Awaited<ReturnType<typeof sealPades>>;
    try {
      result = await sealPades(stamped, { ...input, reason: `${order.signerName} 签署 ${order.title}`, tsa });
      if (!result.timestamp) throw new Error('no timestamp');
    } catch (error) {
      await timestampFailed(order, attempt, error, QUEUE_CONTEXT);
      return false;
    }
    const token = result.timestamp;
    const resealedSha256 = sha256(result.pdf);
    let storedKey: string | null = null;
    try {
      await repo.transaction(async (tx) => {
        const locked = await repo.lockOrder(tx, corpId, orderId);
        if (!locked || locked.sealedSha256 !== order.sealedSha256) throw new Error('sealed document moved');
        const file = await files.storeDocument({
          corpId,
          uploaderId: null,
          owner: { kind: 'esign_order', esignOrderId: orderId },
          bytes: result.pdf,
          tx,
        });
        storedKey = file.storageKey;
        await repo.updateOrder(tx, corpId, orderId, { sealedFileId: file.id, sealedSha256: resealedSha256 });
        await append(tx, locked, 'timestamped', 'system', QUEUE_CONTEXT, {
          ...timestampDetail(resealedSha256, token, attempt),
          previous_sha256: order.sealedSha256 ?? '',
        });
      });
    } catch (error) {
      if (storedKey) await files.removeObjects([storedKey]);
      throw error;
    }
    return true;
  }

  /** The completion certificate of a signed order, sealed like the contract. */
  async function certificate(order: EsignOrderRow): Promise<Buffer> {
    if (order.status !== 'signed' || !order.sealedSha256) throw new RefusedError(T.notSigned);
    const companyName = await repo.companyName(order.corpId);
    const { events } = await chainOf(order);
    const pdf = await renderCertificate({
      orderId: order.id,
      title: order.title,
      companyName,
      signer: {
        name: order.signerName,
        phone: maskPhone(order.signerPhone),
        idNumber: maskIdNumber(order.signerIdNumber),
      },
      identity: [
        `短信验证码发送至签署单登记手机 ${maskPhone(order.signerPhone)} 并由服务器核验`,
        `签署人输入的身份证号与签署单登记的一致（${maskIdNumber(order.signerIdNumber)}）`,
      ],
      originalSha256: order.originalSha256,
      sealedSha256: order.sealedSha256,
      chainHead: order.chainHead,
      timestamps: events.filter((e) => e.type === 'timestamped').map((e) => String(e.detail.gen_time)),
      events: events.map((e) => ({ seq: e.seq, at: e.at, type: e.type, actor: e.actor, ip: e.ip, hash: e.hash })),
      issuedAt: now(),
      verifyUrl: `${deps.publicUrl}/interface/esign/verify`,
    });
    // Sealed and, with a TSA, timestamped like the contract (B-LTA); drawn on demand, so a TSA away now
    // leaves this copy B-B and the next download asks again.
    return (await sealTimestamped(pdf, '电子签署证书', companyName)).pdf;
  }

  // ---- the signer's session ----

  async function orderOfLink(token: string): Promise<EsignOrderRow> {
    const order = await repo.findOrderByLink(hashToken(token));
    if (!order || order.status !== 'sent' || !order.linkExpiresAt || order.linkExpiresAt <= now())
      throw new RefusedError(T.linkInvalid);
    return order;
  }

  return {
    hashToken,

    // ---- staff ----

    /**
     * add/{user_id}: generates the case's documents from the company's templates and opens a signing link.
     * A case has one open order at most (esign_orders_one_open): while one is open, a second add (a double
     * tap, a second device, a race) answers that order without a link, since only the link's hash is kept;
     * the staff member resends from its detail for a new link, or cancels it to draw new documents.
     */
    async add(me: StaffIdentity, clientId: number, context: CallContext) {
      await deps.access.require(me, 'case.update', clientId);
      const alreadyOpen = async () => {
        const open = await repo.openOrderOf(me.corpId, clientId);
        return open ? { data: { id: open.id, link: null }, msg: T.alreadyOpen } : undefined;
      };
      const open = await alreadyOpen();
      if (open) return open;
      // No signing documents go to a client who has not consented, or withdrew (decision 073).
      await deps.requireConsent(me.corpId, clientId);
      const terms = await deps.caseTerms(me.corpId, clientId);
      if (!terms) throw new NotFoundError(T.orderNotFound);
      if (!terms.idNumber) throw new RefusedError(T.noIdNumber);
      const templates = await repo.templates(me.corpId);
      if (templates.length === 0) throw new RefusedError(T.noTemplates);
      const companyName = await repo.companyName(me.corpId);
      const at = now();
      const fields: Record<string, string> = {
        client_name: terms.name,
        id_number: terms.idNumber,
        phone: terms.phone,
        amount: yuan(terms.amountFen),
        term_months: terms.termMonths === null ? '—' : String(terms.termMonths),
        product_name: terms.productName || '—',
        bank_name: terms.bankName || '—',
        company_name: companyName,
        agent_name: me.name,
        date: withZone(at).slice(0, 10),
      };
      const pages: DocPage[] = templates.map((template) => ({
        title: fill(template.title, fields),
        paragraphs: template.body.map((paragraph) => fill(paragraph, fields)),
      }));
      const title = `${terms.name} 借款签署文件`;
      const pdf = Buffer.from(
        await renderDocument({ title, pages, footer: `${companyName} 报单 ${clientId}`, createdAt: at }),
      );
      const originalSha256 = sha256(pdf);
      const token = newToken();
      const expires = await expiryFrom(me.corpId);
      let storedKey: string | null = null;
      try {
        const id = await repo.transaction(async (tx) => {
          const order = await repo.insertOrder(tx, {
            corpId: me.corpId,
            staffId: me.id,
            clientId,
            signerName: terms.name,
            signerPhone: terms.phone,
            signerIdNumber: terms.idNumber.toUpperCase(),
            title,
            pages,
            originalSha256,
            chainHead: originalSha256,
            linkTokenHash: hashToken(token),
            linkExpiresAt: expires,
            createdAt: at,
          });
          const file = await files.storeDocument({
            corpId: me.corpId,
            uploaderId: me.id,
            owner: { kind: 'esign_order', esignOrderId: order.id },
            bytes: pdf,
            tx,
          });
          storedKey = file.storageKey;
          await repo.updateOrder(tx, me.corpId, order.id, { originalFileId: file.id });
          const actor = `staff:${me.id}`;
          await append(tx, order, 'created', actor, context, { sha256: originalSha256, pages: pages.length });
          await append(tx, order, 'sent', actor, context, { expires_at: withZone(order.linkExpiresAt ?? at) });
          return order.id;
        });
        return { data: { id, link: linkOf(token) }, msg: T.sent };
      } catch (error) {
        if (storedKey) await files.removeObjects([storedKey]);
        // Another add for the case committed first (the index turned this one down, or the wait for it
        // ended this transaction otherwise): its order is the case's open one.
        const winner = await alreadyOpen();
        if (winner) return winner;
        throw error;
      }
    },

    async list(
      me: StaffIdentity,
      input: { cursor: number | null; limit: number; status?: EsignOrderRow['status'] | undefined },
    ) {
      const rows = await repo.list({
        corpId: me.corpId,
        staffId: me.id,
        teamId: me.isLeader ? me.teamId : null,
        cursor: input.cursor,
        limit: input.limit,
        status: input.status,
      });
      return toPage(rows, input.limit, summary);
    },

    async order(me: StaffIdentity, id: number): Promise<EsignOrder> {
      const order = await ownOrder(me, id);
      const live = order.status === 'sent';
      return {
        ...summary(order),
        signer_id_number: maskIdNumber(order.signerIdNumber),
        pages: order.pages,
        original_sha256: order.originalSha256,
        sealed_sha256: order.sealedSha256,
        // The token itself is never stored: a staff member gets a fresh link by resending.
        link: null,
        link_expires_at: live ? (order.linkExpiresAt?.toISOString() ?? null) : null,
        bank_card: order.bankCard ? `**** ${order.bankCard.slice(-4)}` : null,
        bank_name: order.bankName,
        can_resend: live,
        can_cancel: live,
      };
    },

    async evidence(me: StaffIdentity, id: number): Promise<EsignEvidence> {
      const order = await ownOrder(me, id);
      const { events, check } = await chainOf(order);
      return {
        order_id: order.id,
        original_sha256: order.originalSha256,
        sealed_sha256: order.sealedSha256,
        chain: chainAnswer(check),
        events: events.map((e) => ({
          seq: e.seq,
          type: e.type,
          label: ESIGN_EVENT_LABELS[e.type] ?? e.type,
          actor: e.actor,
          ip: e.ip,
          user_agent: e.userAgent,
          at: e.at,
          detail: e.detail,
          prev_hash: e.prevHash,
          hash: e.hash,
        })),
      };
    },

    /** A new link (the old one stops working), for an order not signed yet. */
    async resend(me: StaffIdentity, id: number, context: CallContext) {
      await ownOrder(me, id);
      const token = newToken();
      // Read before the transaction: PGlite's one connection would wait on itself.
      const expires = await expiryFrom(me.corpId);
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, me.corpId, id);
        if (!order) throw new NotFoundError(T.orderNotFound);
        if (order.status !== 'sent') throw new RefusedError(notOpen(order.status));
        await repo.updateOrder(tx, me.corpId, id, { linkTokenHash: hashToken(token), linkExpiresAt: expires });
        await repo.endSessions(tx, me.corpId, id);
        await append(tx, order, 'sent', `staff:${me.id}`, context, { expires_at: withZone(expires), resend: 1 });
      });
      return { id, link: linkOf(token) };
    },

    async cancel(me: StaffIdentity, id: number, context: CallContext) {
      await ownOrder(me, id);
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, me.corpId, id);
        if (!order) throw new NotFoundError(T.orderNotFound);
        if (order.status !== 'sent') throw new RefusedError(notOpen(order.status));
        await repo.updateOrder(tx, me.corpId, id, {
          status: 'cancelled',
          cancelledAt: now(),
          linkTokenHash: null,
          linkExpiresAt: null,
        });
        await repo.endSessions(tx, me.corpId, id);
        await append(tx, order, 'cancelled', `staff:${me.id}`, context);
      });
      return null;
    },

    /** open/{id}: the bank card the client authorises, before signing. */
    async open(me: StaffIdentity, input: { id: number; bank_card: string; bank_name: string }, context: CallContext) {
      await ownOrder(me, input.id);
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, me.corpId, input.id);
        if (!order) throw new NotFoundError(T.orderNotFound);
        if (order.status !== 'sent') throw new RefusedError(notOpen(order.status));
        await repo.updateOrder(tx, me.corpId, input.id, { bankCard: input.bank_card, bankName: input.bank_name });
        await append(tx, order, 'card_authorised', `staff:${me.id}`, context, {
          card_last4: input.bank_card.slice(-4),
          bank_name: input.bank_name,
        });
      });
      return null;
    },

    /** The original, the sealed PDF or the completion certificate, each download recorded. */
    async download(me: StaffIdentity, id: number, file: 'original' | 'sealed' | 'certificate', context: CallContext) {
      const order = await ownOrder(me, id);
      const body =
        file === 'certificate'
          ? await certificate(order)
          : await readFile(me.corpId, file === 'original' ? order.originalFileId : order.sealedFileId);
      await record(me.corpId, id, [['downloaded', `staff:${me.id}`, context, { file }]]);
      return { body, name: `esign-${id}-${file}.pdf` };
    },

    /** Whether a PDF is exactly one of the company's sealed documents, its seal holds and its chain is intact. */
    async verify(me: StaffIdentity, pdf: Buffer): Promise<EsignVerify> {
      if (!pdf.subarray(0, 5).equals(PDF_MAGIC)) throw new RefusedError(T.badPdf);
      const hash = sha256(pdf);
      const order = await repo.findBySealedHash(me.corpId, hash);
      const seal = await verifyPdf(pdf, now());
      if (!order) return { sha256: hash, matches_order: false, order_id: null, seal, chain: null };
      const { check } = await chainOf(order);
      return { sha256: hash, matches_order: true, order_id: order.id, seal, chain: chainAnswer(check) };
    },

    /**
     * The public verify page (issue 48, no login): what the PDF's own bytes say (its seal, timestamp, TSA and the
     * certificate at the TSA's time) and whether it is byte for byte a document sealed here; when it is, that
     * order's company, title, masked signer and time. No order number, nothing of any other document.
     */
    async publicVerify(pdf: Buffer): Promise<EsignPublicVerify> {
      if (!pdf.subarray(0, 5).equals(PDF_MAGIC)) throw new RefusedError(T.badPdf);
      const hash = sha256(pdf);
      const [seal, order, ours] = await Promise.all([
        verifyPdf(pdf, now()),
        repo.findAnySealed(hash),
        sealCertificateSha256(deps.certificate, now()),
      ]);
      const chain = order ? (await chainOf(order)).check : null;
      const verdict = !seal.sealed ? 'unsigned' : !seal.intact ? 'altered' : order ? 'valid' : 'unregistered';
      return {
        sha256: hash,
        verdict,
        registered: order !== undefined,
        our_seal: seal.certificate?.sha256 === ours,
        company_name: order?.companyName ?? null,
        // The order's title names the signer: masked there too.
        title: order ? order.title.replaceAll(order.signerName, maskName(order.signerName)) : null,
        signer_name: order ? maskName(order.signerName) : null,
        signed_at: order?.signedAt?.toISOString() ?? null,
        evidence_intact: chain ? chain.intact : null,
        seal,
      };
    },

    // ---- the signer ----

    /** What the link shows before the signer identifies: masked, and the open is recorded. */
    async start(token: string, context: CallContext) {
      const order = await orderOfLink(token);
      await record(order.corpId, order.id, [['opened', 'signer', context]]);
      return {
        title: order.title,
        company_name: await repo.companyName(order.corpId),
        signer_name: maskName(order.signerName),
        phone: maskPhone(order.signerPhone),
        status: order.status,
      };
    },

    /** Texts a code to the order's phone (the auth module's limits: resend wait, daily and per address). */
    async sendCode(token: string, context: CallContext) {
      const order = await orderOfLink(token);
      const sent = await deps.auth.sendSmsCode(order.signerPhone, context.ip, 'esign', order.corpId);
      await record(order.corpId, order.id, [['code_sent', 'system', context, { phone: maskPhone(order.signerPhone) }]]);
      return sent;
    },

    /**
     * The code sent to the order's phone plus the signer's ID number open a signing session bound to this
     * one order; the code is spent with it, so it cannot open another.
     */
    async login(input: { token: string; code: string; id_number: string }, context: CallContext) {
      const order = await orderOfLink(input.token);
      const sessionToken = newToken();
      await deps.auth.spendCodeFor(
        order.signerPhone,
        input.code,
        async () => {
          if (input.id_number.toUpperCase() !== order.signerIdNumber) throw new RefusedError(T.identityMismatch);
        },
        async (tx, at) => {
          const locked = await repo.lockOrder(tx, order.corpId, order.id);
          if (!locked || locked.status !== 'sent') throw new RefusedError(T.linkInvalid);
          await repo.insertSession(tx, {
            corpId: order.corpId,
            orderId: order.id,
            tokenHash: hashToken(sessionToken),
            expiresAt: new Date(at.getTime() + SIGNER_SESSION_TTL_MS),
            createdAt: at,
          });
          await append(tx, locked, 'code_verified', 'signer', context, {
            id_number: maskIdNumber(order.signerIdNumber),
          });
        },
      );
      return sessionToken;
    },

    /** The order a signer's session cookie is bound to, or 401. */
    async signerOrder(sessionToken: string | undefined): Promise<EsignOrderRow> {
      // A refusal, not a 401: these routes are public to the staff session guard (decision 054).
      if (!sessionToken) throw new RefusedError(T.signerSessionMissing);
      const session = await repo.findSession(hashToken(sessionToken), now());
      if (!session) throw new RefusedError(T.signerSessionMissing);
      const order = await repo.findOrder(session.corpId, session.orderId);
      if (!order || order.status === 'cancelled' || order.status === 'expired')
        throw new RefusedError(T.signerSessionMissing);
      return order;
    },

    async document(order: EsignOrderRow) {
      const events = await repo.events(order.corpId, order.id);
      const viewed = [
        ...new Set(events.filter((e) => e.type === 'page_viewed').map((e) => Number(e.detail.page))),
      ].sort((a, b) => a - b);
      return {
        order_id: order.id,
        title: order.title,
        signer_name: order.signerName,
        status: order.status,
        pages: order.pages,
        viewed,
        original_sha256: order.originalSha256,
        sealed_sha256: order.sealedSha256,
      };
    },

    async viewPage(order: EsignOrderRow, page: number, context: CallContext) {
      if (page > order.pages.length) throw new RefusedError(T.readAllPages);
      await record(order.corpId, order.id, [['page_viewed', 'signer', context, { page }]]);
      return null;
    },

    /**
     * Stamps the handwritten signature on every page, seals the whole file (PKCS#7) and records both; of
     * two signing at once, one signs (the order's status moves under its row lock).
     */
    async sign(order: EsignOrderRow, signatureDataUrl: string, context: CallContext) {
      if (order.status !== 'sent') throw new RefusedError(T.alreadySigned);
      // Past its days the order is over even before the hourly sweep has marked it.
      if (!order.linkExpiresAt || order.linkExpiresAt <= now()) throw new RefusedError(T.expired);
      const events = await repo.events(order.corpId, order.id);
      const viewed = new Set(events.filter((e) => e.type === 'page_viewed').map((e) => Number(e.detail.page)));
      if (order.pages.some((_, index) => !viewed.has(index + 1))) throw new RefusedError(T.readAllPages);
      const png = Buffer.from(signatureDataUrl.slice(signatureDataUrl.indexOf(',') + 1), 'base64');
      if (png.length < 64 || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
        throw new RefusedError(T.badSignature);
      const original = await readFile(order.corpId, order.originalFileId);
      if (sha256(original) !== order.originalSha256)
        throw new Error(`esign order ${order.id}: stored original changed`);
      const companyName = await repo.companyName(order.corpId);
      const at = now();
      let stamped: Uint8Array;
      try {
        stamped = await stampSignature(original, {
          signaturePng: png,
          caption: `${order.signerName} ${withZone(at).slice(0, 19).replace('T', ' ')} (UTC+8)`,
          at,
        });
      } catch (error) {
        throw new RefusedError(T.badSignature, { cause: error });
      }
      const sealing = await sealTimestamped(stamped, `${order.signerName} 签署 ${order.title}`, companyName);
      const sealed = sealing.pdf;
      const sealedSha256 = sha256(sealed);
      const written: string[] = [];
      try {
        await repo.transaction(async (tx) => {
          const locked = await repo.lockOrder(tx, order.corpId, order.id);
          if (!locked || locked.status !== 'sent') throw new RefusedError(T.alreadySigned);
          const owner = { kind: 'esign_order', esignOrderId: order.id } as const;
          const signature = await files.storeDocument({
            corpId: order.corpId,
            uploaderId: null,
            owner,
            bytes: png,
            tx,
          });
          written.push(signature.storageKey);
          const sealedFile = await files.storeDocument({
            corpId: order.corpId,
            uploaderId: null,
            owner,
            bytes: sealed,
            tx,
          });
          written.push(sealedFile.storageKey);
          await repo.updateOrder(
            tx,
            order.corpId,
            order.id,
            {
              status: 'signed',
              signedAt: at,
              signatureFileId: signature.id,
              sealedFileId: sealedFile.id,
              sealedSha256,
              linkTokenHash: null,
              linkExpiresAt: null,
            },
            'sent',
          );
          await append(tx, locked, 'signed', 'signer', context, {
            signature_sha256: sha256(png),
            consent: '本人已阅读全部内容并同意签署',
          });
          await append(tx, locked, 'sealed', 'system', context, {
            sha256: sealedSha256,
            algorithm: 'PAdES ETSI.CAdES.detached SHA-256',
            level: sealing.documentTimestamp ? 'B-LTA' : sealing.timestamp ? 'B-T' : 'B-B',
            // What the seal signed: a later seal (the timestamp's retry) starts again from exactly these bytes.
            stamped_sha256: sha256(stamped),
            stamped_length: stamped.length,
          });
          if (sealing.timestamp)
            await append(
              tx,
              locked,
              'timestamped',
              'system',
              context,
              timestampDetail(sealedSha256, sealing.timestamp, 1),
            );
        });
      } catch (error) {
        if (written.length > 0) await files.removeObjects(written);
        throw error;
      }
      if (sealing.failure) await timestampFailed(order, 1, sealing.failure, context);
      return { sealed_sha256: sealedSha256 };
    },

    async signerDownload(order: EsignOrderRow, file: 'original' | 'sealed' | 'certificate', context: CallContext) {
      const body =
        file === 'certificate'
          ? await certificate(order)
          : await readFile(order.corpId, file === 'original' ? order.originalFileId : order.sealedFileId);
      await record(order.corpId, order.id, [['downloaded', 'signer', context, { file }]]);
      return { body, name: `esign-${order.id}-${file}.pdf` };
    },

    /**
     * The queue's retry of a seal's timestamp (job kind esign-timestamp): `attempt` counts the try at
     * signing as the first. Throws while the TSA is still away, so the queue tries again after its backoff.
     */
    async retryTimestamp(corpId: number, orderId: number, attempt: number) {
      if (!deps.tsa) return;
      const done = await resealTimestamped(deps.tsa, corpId, orderId, attempt);
      if (!done) throw new Error(`esign order ${orderId}: timestamp authority still unavailable`);
    },

    /**
     * The hourly sweep of unsigned orders (issue 48): those past their days expire; the others get their reminders
     * queued, a day after sending and a day before expiry, once each (the queue's dedupe key, and the job checks
     * the chain again), the later one alone when both are due.
     */
    async sweepUnsigned() {
      const at = now().getTime();
      for (const order of await repo.openOrders(500)) {
        const expiresAt = order.linkExpiresAt?.getTime() ?? 0;
        if (expiresAt <= at) {
          await expire(order);
          continue;
        }
        const which: EsignReminder | null =
          expiresAt - DAY_MS <= at ? 'last' : order.createdAt.getTime() + DAY_MS <= at ? 'day1' : null;
        if (!which) continue;
        await repo.transaction((tx) =>
          enqueueReminder(tx, {
            corpId: order.corpId,
            kind: 'esign-remind',
            eventKey: `${order.id}:${which}`,
            recipientId: null,
            card: { title: 'esign reminder', description: '', path: '' },
            esignOrderId: order.id,
            runAt: now(),
            createdAt: now(),
          }),
        );
      }
    },

    /** The queue's reminder job: texts the signer, once per kind, while the order still waits; a `reminded` event. */
    async remind(corpId: number, orderId: number, which: EsignReminder) {
      const order = await repo.findOrder(corpId, orderId);
      if (!deps.sms || !order || order.status !== 'sent' || !order.linkExpiresAt || order.linkExpiresAt <= now())
        return;
      const events = await repo.events(corpId, orderId);
      if (events.some((e) => e.type === 'reminded' && e.detail.which === which)) return;
      const expiresAt = withZone(order.linkExpiresAt);
      await deps.sms.sendNotice(order.signerPhone, {
        kind: 'esign-reminder',
        params: [await repo.companyName(corpId), order.title, `${expiresAt.slice(0, 16).replace('T', ' ')}`],
      });
      await record(corpId, orderId, [
        ['reminded', 'system', QUEUE_CONTEXT, { which, phone: maskPhone(order.signerPhone), expires_at: expiresAt }],
      ]);
    },

    sweepSessions: () => repo.sweepSessions(now()).catch((error: unknown) => log('esign session sweep failed', error)),
  };
}

export type EsignService = ReturnType<typeof createEsignService>;

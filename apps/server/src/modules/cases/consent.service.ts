import { createHash, randomBytes } from 'node:crypto';
import type { ConsentStatus } from '@crm/domain/api/consent';
import {
  CONSENT_METHOD_LABELS,
  CONSENT_STATE_LABELS,
  CURRENT_CONSENT_VERSION,
  consentText,
  type ConsentState,
} from '@crm/domain/consent';
import { maskPhone } from '@crm/domain/validation';
import type { Clock } from '../../clock.ts';
import { RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import type { Access } from '../access/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { FilesService } from '../files/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { hasConsent, wasWithdrawn, type ConsentRepository, type ConsentRow } from './consent.repository.ts';
import { CONSENT_TEXTS as T } from './consent.texts.ts';

/** Where the client's confirmation came from: the evidence a link's consent keeps. */
export interface CallContext {
  ip: string;
  userAgent: string;
}

/**
 * Refuses, in Chinese and naming the missing consent, a step that processes the case further (a move past
 * intake, signing) while no consent is in force: never given, or withdrawn. Called in the step's own
 * transaction after it locked the case row, which a withdrawal locks too.
 */
export async function requireConsent(
  ex: Parameters<typeof hasConsent>[0],
  corpId: number,
  clientId: number,
): Promise<void> {
  if (await hasConsent(ex, corpId, clientId)) return;
  throw new RefusedError((await wasWithdrawn(ex, corpId, clientId)) ? T.withdrawn : T.missing);
}

/** How long an authorisation link may wait for the client (as long as an e-sign link). */
export const CONSENT_LINK_TTL_MS = 7 * 86_400_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const maskName = (name: string) => (name.length > 1 ? `${name.slice(0, 1)}${'*'.repeat(name.length - 1)}` : name);

export interface ConsentServiceDeps {
  repo: ConsentRepository;
  access: Access;
  auth: Pick<AuthService, 'sendSmsCode' | 'spendCodeFor'>;
  files: FilesService;
  /** PUBLIC_URL: the links point there. */
  publicUrl: string;
  now: Clock;
}

/**
 * The client's separate consent to the processing of their personal financial information (decision 073):
 * the salesperson sends a link the client confirms with the code texted to the case's phone (the e-sign
 * identity step's machinery: the auth module's codes and limits), or uploads a photo of the signed paper
 * form (the files module's checks and signed links); a withdrawal is recorded and stops the case again.
 */
export function createConsentService({ repo, access, auth, files, publicUrl, now }: ConsentServiceDeps) {
  const linkOf = (token: string) => `${publicUrl}/interface/consent?t=${token}`;

  /** What the rows of a case say: the consent in force, a waiting link, the last withdrawal. */
  function stateOf(rows: ConsentRow[], at: Date) {
    const given = rows.find((row) => row.status === 'given');
    const waiting = rows.find(
      (row) => row.status === 'requested' && row.linkExpiresAt !== null && row.linkExpiresAt > at,
    );
    const withdrawn = rows.find((row) => row.status === 'withdrawn');
    const state: ConsentState = given ? 'given' : waiting ? 'requested' : withdrawn ? 'withdrawn' : 'none';
    return { state, given, waiting, withdrawn: given ? undefined : withdrawn };
  }

  async function status(me: StaffIdentity, clientId: number, canManage: boolean): Promise<ConsentStatus> {
    const at = now();
    const { state, given, waiting, withdrawn } = stateOf(await repo.recent(me.corpId, clientId), at);
    const names = await repo.staffNames(
      me.corpId,
      [given?.recordedBy, withdrawn?.withdrawnBy].filter((id): id is number => typeof id === 'number'),
    );
    return {
      case_id: clientId,
      state,
      state_label: CONSENT_STATE_LABELS[state],
      given: given
        ? {
            id: given.id,
            method: given.method,
            method_label: CONSENT_METHOD_LABELS[given.method],
            text_version: given.textVersion,
            given_at: (given.givenAt ?? given.createdAt).toISOString(),
            recorded_by_name: names.get(given.recordedBy) ?? '',
            ip: given.ip,
            user_agent: given.userAgent,
            photo: given.fileId === null ? null : files.links(given.fileId, me.id),
          }
        : null,
      withdrawal:
        withdrawn && withdrawn.withdrawnAt
          ? {
              withdrawn_at: withdrawn.withdrawnAt.toISOString(),
              withdrawn_by_name: names.get(withdrawn.withdrawnBy ?? 0) ?? '',
              reason: withdrawn.withdrawReason ?? '',
            }
          : null,
      link_expires_at: state === 'requested' ? (waiting?.linkExpiresAt?.toISOString() ?? null) : null,
      can_manage: canManage,
      current_version: CURRENT_CONSENT_VERSION,
    };
  }

  /** The waiting request a link opens, or a refusal (unknown, replaced, confirmed, expired, case deleted). */
  async function requestOfLink(token: string) {
    const found = await repo.findByLink(hashToken(token));
    if (!found || found.consent.status !== 'requested' || !found.consent.linkExpiresAt)
      throw new RefusedError(T.linkInvalid);
    if (found.consent.linkExpiresAt <= now()) throw new RefusedError(T.linkInvalid);
    return found;
  }

  /** Whether the caller may change the case's consent (its owner or their leader), without throwing. */
  async function mayManage(me: StaffIdentity, clientId: number) {
    try {
      await access.require(me, 'case.update', clientId);
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** The case's consent as its page shows it: whoever may read the case. */
    async status(me: StaffIdentity, clientId: number): Promise<ConsentStatus> {
      await access.require(me, 'case.read', clientId);
      return status(me, clientId, await mayManage(me, clientId));
    },

    /**
     * A new authorisation link for the case (a waiting one stops working). The token itself is never
     * stored; the salesperson sends the link to the client, who confirms it with the code texted to the
     * case's phone.
     */
    async request(me: StaffIdentity, clientId: number): Promise<{ link: string; expires_at: string }> {
      const c = await access.require(me, 'case.update', clientId);
      if (!c.phone) throw new RefusedError(T.noPhone);
      const token = newToken();
      const at = now();
      const expires = new Date(at.getTime() + CONSENT_LINK_TTL_MS);
      try {
        await repo.transaction(async (tx) => {
          await repo.lockCase(tx, me.corpId, clientId);
          if (stateOf(await repo.recent(me.corpId, clientId, tx), at).given) throw new RefusedError(T.alreadyGiven);
          await repo.cancelRequested(tx, me.corpId, clientId);
          await repo.insert(tx, {
            corpId: me.corpId,
            clientId,
            textVersion: CURRENT_CONSENT_VERSION,
            method: 'sms',
            status: 'requested',
            linkTokenHash: hashToken(token),
            linkExpiresAt: expires,
            recordedBy: me.id,
            createdAt: at,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RefusedError(T.alreadyGiven, { cause: error });
        throw error;
      }
      return { link: linkOf(token), expires_at: expires.toISOString() };
    },

    /**
     * A photo of the paper form the client signed: cleaned and stored by the files module (content and size
     * checked, served only through the signed image route to who may read the case), attached to the case
     * in the transaction that records the consent in force.
     */
    async upload(me: StaffIdentity, clientId: number, bytes: Buffer): Promise<ConsentStatus> {
      await access.require(me, 'case.update', clientId);
      const file = await files.store({
        corpId: me.corpId,
        uploaderId: me.id,
        owner: { kind: 'case', clientId },
        bytes,
      });
      const at = now();
      try {
        await repo.transaction(async (tx) => {
          await repo.lockCase(tx, me.corpId, clientId);
          if (stateOf(await repo.recent(me.corpId, clientId, tx), at).given) throw new RefusedError(T.alreadyGiven);
          await files.attach(tx, me.corpId, [file.id], at);
          await repo.cancelRequested(tx, me.corpId, clientId);
          await repo.insert(tx, {
            corpId: me.corpId,
            clientId,
            textVersion: CURRENT_CONSENT_VERSION,
            method: 'paper',
            status: 'given',
            fileId: file.id,
            recordedBy: me.id,
            givenAt: at,
            createdAt: at,
          });
        });
      } catch (error) {
        // The photo stays unattached: the files sweep removes it within a day.
        if (isUniqueViolation(error)) throw new RefusedError(T.alreadyGiven, { cause: error });
        throw error;
      }
      return status(me, clientId, true);
    },

    /** The client withdrew: when, by whom, why; the case stops until a new consent. */
    async withdraw(me: StaffIdentity, clientId: number, reason: string): Promise<null> {
      await access.require(me, 'case.update', clientId);
      await repo.transaction(async (tx) => {
        await repo.lockCase(tx, me.corpId, clientId);
        const row = await repo.withdraw(tx, me.corpId, clientId, {
          withdrawnAt: now(),
          withdrawnBy: me.id,
          withdrawReason: reason,
        });
        if (!row) throw new RefusedError(T.noneToWithdraw);
        // A link sent before the withdrawal must not give consent back behind the client's word.
        await repo.cancelRequested(tx, me.corpId, clientId);
      });
      return null;
    },

    // ---- the client, by the link's token ----

    /** The authorisation text the link asks the client to confirm, with who they are (masked). */
    async view(token: string) {
      const { consent, name, phone, companyName } = await requestOfLink(token);
      const text = consentText(consent.textVersion);
      if (!text) throw new RefusedError(T.unknownVersion);
      return {
        company_name: companyName,
        client_name: maskName(name),
        phone: maskPhone(phone),
        text_version: text.version,
        title: text.title,
        paragraphs: [...text.paragraphs],
      };
    },

    /** Texts a code to the case's phone (the auth module's resend, daily and per-address limits). */
    async sendCode(token: string, context: CallContext) {
      const { consent, phone } = await requestOfLink(token);
      return auth.sendSmsCode(phone, context.ip, 'consent', consent.corpId);
    },

    /**
     * The code texted to the case's phone confirms the consent: spent in the transaction that records it
     * with the address and browser it came from, so one code gives one consent.
     */
    async confirm(input: { token: string; code: string }, context: CallContext): Promise<null> {
      const { consent, phone } = await requestOfLink(input.token);
      try {
        await auth.spendCodeFor(
          phone,
          input.code,
          async () => undefined,
          async (tx, at) => {
            await repo.lockCase(tx, consent.corpId, consent.clientId);
            const given = await repo.markGiven(tx, consent, {
              givenAt: at,
              ip: context.ip.slice(0, 64),
              userAgent: context.userAgent.slice(0, 300),
            });
            if (!given) throw new RefusedError(T.linkInvalid);
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new RefusedError(T.alreadyGiven, { cause: error });
        throw error;
      }
      return null;
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;

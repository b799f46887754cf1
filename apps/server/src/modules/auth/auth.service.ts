import type { Clock } from '../../clock.ts';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SmsSendError, type SmsAdapter } from '../../adapters/sms/index.ts';
import { RefusedError, TooManyError, UnauthenticatedError } from '../../errors.ts';
import type { StaffIdentity, StaffRepository } from '../staff/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { Principal, PrincipalSubject } from './principal.ts';
import { AUTH_TEXTS as T } from './auth.texts.ts';

/** The transaction a repository write joins. */
type Tx = Parameters<Parameters<AuthRepository['transaction']>[0]>[0];

/**
 * Decision 001. The resend wait is the 59 s the login pages count down (spec §9), so a tap at zero is never
 * refused. The per-address limit fits an office behind one gateway (every staff member, partner and signing
 * client there shares it) while still stopping one machine from texting thousands of phones.
 */
export const SMS_RULES = {
  codeTtlMs: 5 * 60_000,
  resendAfterMs: 59_000,
  perPhonePerDay: 10,
  perIpPerHour: 300,
  maxFailedAttempts: 5,
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A wait as a person reads it: 40 秒, 12 分钟, 3 小时 5 分钟 (rounded up, never 0). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return T.wait.seconds(seconds);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return T.wait.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  return T.wait.hours(hours, minutes % 60);
}

interface AuthServiceDeps {
  repo: AuthRepository;
  staff: StaffRepository;
  sms: SmsAdapter;
  secret: string;
  sessionTtlMs: number;
  now: Clock;
  /** The company of the channel agent with this phone (modules/house): the 'houseloan' scene texts only them. */
  channelAgentCompany?: (phone: string) => Promise<number | null>;
  /** Codes a company's people may be sent in an hour (SMS_PER_COMPANY_PER_HOUR); 0: no ceiling. */
  smsPerCompanyPerHour?: number;
}

/** A fresh session token: 256 bits from the CSPRNG; only its SHA-256 is stored. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * What `sms_codes` holds instead of the phone (decision 074): an HMAC under the server secret, so a code is
 * found by its phone and a dump holds no phone. Not a company's blind index: a stranger's code has no company.
 */
export const smsPhoneHash = (secret: string, phone: string): string =>
  createHmac('sha256', secret).update(`sms-phone:${phone}`).digest('hex');

export function createAuthService({
  repo,
  staff,
  sms,
  secret,
  sessionTtlMs,
  now,
  channelAgentCompany = async () => null,
  smsPerCompanyPerHour = 0,
}: AuthServiceDeps) {
  const hashCode = (phone: string, code: string) =>
    createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');

  /** A limit's refusal: when to try again, in the message and in Retry-After. */
  const refusal = (message: (wait: string) => string, waitMs: number) =>
    new TooManyError(message(waitText(waitMs)), Math.max(1, Math.ceil(waitMs / 1000)));

  /** Seconds until a new code may be sent to this phone, 0 when it may be sent now. */
  async function secondsUntilResend(phone: string, at: Date): Promise<number> {
    const last = await repo.lastCodeSentAt(smsPhoneHash(secret, phone));
    if (!last) return 0;
    const waitMs = last.getTime() + SMS_RULES.resendAfterMs - at.getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  async function writeSession(
    subject: PrincipalSubject,
    at: Date,
    tx?: Parameters<AuthRepository['insertSession']>[1],
  ) {
    const { token, tokenHash } = newSessionToken();
    await repo.insertSession(
      { tokenHash, subject, createdAt: at, expiresAt: new Date(at.getTime() + sessionTtlMs) },
      tx,
    );
    return token;
  }

  async function openSession(identity: StaffIdentity, at: Date, tx?: Parameters<AuthRepository['insertSession']>[1]) {
    const token = await writeSession({ kind: 'staff', corpId: identity.corpId, staffId: identity.id }, at, tx);
    return { token, staff: identity };
  }

  /** The stored code's id when `code` is the phone's live one; a wrong code counts against its tries. */
  async function verifyCode(phone: string, code: string, at: Date): Promise<number> {
    const stored = await repo.findUsableCode(smsPhoneHash(secret, phone), at);
    if (!stored) throw new RefusedError(T.codeMismatch);
    const expected = Buffer.from(stored.codeHash, 'hex');
    const given = Buffer.from(hashCode(phone, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const tries = await repo.recordFailedAttempt(stored.id, SMS_RULES.maxFailedAttempts, at);
      if (tries >= SMS_RULES.maxFailedAttempts) throw new TooManyError(T.codeSpent);
      throw new RefusedError(T.codeMismatch);
    }
    return stored.id;
  }

  /** Spends a verified code in the transaction that acts on it; a code spent meanwhile is a mismatch. */
  async function spendCode(tx: Tx, codeId: number, at: Date) {
    if (!(await repo.markCodeUsed(tx, codeId, at))) throw new RefusedError(T.codeMismatch);
  }

  return {
    async checkCaptcha(phone: string) {
      const at = now();
      const retryAfter = await secondsUntilResend(phone, at);
      if (retryAfter > 0) return { enabled: false, retryAfter };
      const sentToday = await repo.countCodesForPhoneSince(
        smsPhoneHash(secret, phone),
        new Date(at.getTime() - 86_400_000),
      );
      return sentToday >= SMS_RULES.perPhonePerDay
        ? { enabled: false, retryAfter: 0 }
        : { enabled: true, retryAfter: 0 };
    },

    /**
     * Sends a code. For staff login, a phone that belongs to no staff member gets the same answer and no
     * SMS, so the endpoint does not tell strangers who works here. The 'outside' scene (a partner's
     * registration or login, decision 049) sends to any phone: registering is how a stranger becomes known.
     * The 'houseloan' scene (a channel agent's login, decision 052) texts only agents staff registered.
     * The 'activity' scene (a visitor proving a phone, decision 056) texts any phone, like 'outside'.
     * Returns the code only for the demo adapter to echo.
     */
    async sendSmsCode(
      phone: string,
      ip: string,
      scene: 'staff' | 'outside' | 'houseloan' | 'activity' | 'esign' | 'consent' = 'staff',
      /** The company an 'esign' or 'consent' code is for (the order's, the case's): the server's word, never the caller's. */
      esignCorpId: number | null = null,
    ): Promise<{ verifyCode?: string }> {
      const at = now();
      // Asked before the transaction: under the send lock only the transaction's own connection is used.
      // The 'esign' scene (decision 054) texts the phone an e-sign order names: the server chose it, not the caller.
      // The company is the one the server knows the phone belongs to, so a caller cannot spend another
      // company's ceiling by naming it; a stranger's code counts against no company.
      // 'consent' (decision 073) likewise texts the phone of the case whose authorisation link was opened.
      const corpId =
        scene === 'esign' || scene === 'consent'
          ? esignCorpId
          : scene === 'houseloan'
            ? await channelAgentCompany(phone)
            : scene === 'staff'
              ? await staff.companyOfStaffPhone(phone)
              : null;
      const isStaff =
        scene === 'outside' || scene === 'activity' || scene === 'esign' || scene === 'consent' || corpId !== null;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const phoneHash = smsPhoneHash(secret, phone);
      // The limits are counted and the row written under a per-address, per-phone and per-company lock, so a
      // burst of requests is judged one at a time and sends one code. The row is written for strangers too,
      // so the resend and daily limits treat every phone alike.
      const row = await repo.transaction(async (tx) => {
        await repo.lockSmsSenders(tx, phone, ip, smsPerCompanyPerHour > 0 ? corpId : null);
        const last = await repo.lastCodeSentAt(phoneHash, tx);
        const waitMs = last ? last.getTime() + SMS_RULES.resendAfterMs - at.getTime() : 0;
        if (waitMs > 0) throw new TooManyError(T.resendTooSoon(Math.ceil(waitMs / 1000)), Math.ceil(waitMs / 1000));
        // A full window says when its oldest counted code leaves it: that is when the next one may go.
        const dayAgo = new Date(at.getTime() - DAY_MS);
        const phoneFreed = await repo.phoneLimitFreedBy(phoneHash, dayAgo, SMS_RULES.perPhonePerDay, tx);
        if (phoneFreed) throw refusal(T.phoneLimit, phoneFreed.getTime() + DAY_MS - at.getTime());
        const hourAgo = new Date(at.getTime() - HOUR_MS);
        const ipFreed = await repo.ipLimitFreedBy(ip, hourAgo, SMS_RULES.perIpPerHour, tx);
        if (ipFreed) throw refusal(T.ipLimit, ipFreed.getTime() + HOUR_MS - at.getTime());
        if (corpId !== null && smsPerCompanyPerHour > 0) {
          const corpFreed = await repo.companyLimitFreedBy(corpId, hourAgo, smsPerCompanyPerHour, tx);
          if (corpFreed) throw refusal(T.companyLimit, corpFreed.getTime() + HOUR_MS - at.getTime());
        }
        return repo.insertCode(tx, {
          phoneHash,
          codeHash: isStaff ? hashCode(phone, code) : hashCode(phone, randomBytes(16).toString('hex')),
          ip,
          corpId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + SMS_RULES.codeTtlMs),
        });
      });
      if (!isStaff) return {};
      try {
        await sms.sendVerificationCode(phone, code);
      } catch (error) {
        // An unsent code must not block the next try for a minute.
        if (row) await repo.deleteCode(row.id);
        // The provider refused or was out of reach: a refusal the person can retry, not a server fault.
        if (error instanceof SmsSendError) throw new RefusedError(error.message, { cause: error });
        throw error;
      }
      return sms.revealsCode ? { verifyCode: code } : {};
    },

    /**
     * Checks the code on the server and opens a session. The code is spent with the session in one
     * transaction, so two logins racing with one code open one session. A WeCom userid is bound only
     * when the server itself verified it (the signed identity cookie), never on the client's word.
     */
    async login(input: { corpId: number; phone: string; code: string; verifiedWxworkId: string | null }) {
      const at = now();
      const codeId = await verifyCode(input.phone, input.code, at);
      const identity = await staff.findByPhone(input.corpId, input.phone);
      if (!identity) throw new RefusedError(T.noAccount);

      return repo.transaction(async (tx) => {
        await spendCode(tx, codeId, at);
        if (input.verifiedWxworkId) await staff.bindWxworkId(tx, identity.corpId, identity.id, input.verifiedWxworkId);
        return openSession(identity, at, tx);
      });
    },

    /**
     * The SMS round trip of another principal's login (a partner's registration or login): checks the code,
     * then, in the caller's transaction with whatever it writes, spends it and opens the session. Two
     * requests racing with one code open one session.
     */
    async signInWithCode<T>(
      phone: string,
      code: string,
      work: (tx: Tx) => Promise<{ subject: PrincipalSubject; answer: T }>,
    ): Promise<{ token: string; answer: T }> {
      const at = now();
      const codeId = await verifyCode(phone, code, at);
      return repo.transaction(async (tx) => {
        await spendCode(tx, codeId, at);
        const { subject, answer } = await work(tx);
        return { token: await writeSession(subject, at, tx), answer };
      });
    },

    /**
     * The SMS round trip of a principal that is not a session of this module (an e-sign signer, decision
     * 054): checks the code (a wrong one counts against its tries), lets `check` refuse before anything is
     * spent, then spends the code in one transaction with what `work` writes. A code spent or expired
     * cannot be used again.
     */
    async spendCodeFor<T>(
      phone: string,
      code: string,
      check: () => Promise<void>,
      work: (tx: Tx, at: Date) => Promise<T>,
    ): Promise<T> {
      const at = now();
      const codeId = await verifyCode(phone, code, at);
      await check();
      return repo.transaction(async (tx) => {
        await spendCode(tx, codeId, at);
        return work(tx, at);
      });
    },

    async autoLogin(input: { corpId: number; verifiedWxworkId: string }) {
      const identity = await staff.findByWxworkId(input.corpId, input.verifiedWxworkId);
      if (!identity) throw new RefusedError(T.wecomUnbound);
      return openSession(identity, now());
    },

    /**
     * Opens a session for a principal of any kind and returns its cookie token. Staff sessions open
     * through login/autoLogin above; the partner, channel and visitor login flows call this once they
     * have checked who is there (and tests call it to act as one).
     */
    startSession: (subject: PrincipalSubject): Promise<string> => writeSession(subject, now()),

    /** The principal behind a session cookie and when the session ends (how long it may be kept), or UnauthenticatedError. */
    async resolveSession(token: string | undefined): Promise<{ principal: Principal; expiresAt: Date }> {
      if (!token) throw new UnauthenticatedError();
      const found = await repo.findSession(hashToken(token), now());
      if (!found) throw new UnauthenticatedError();
      return found;
    },

    async logout(token: string | undefined) {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** The hourly housekeeping: expired sessions and SMS codes no limit counts any more. */
    sweepExpired: () => repo.deleteExpired(now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  activityPath,
  type ActivityCode,
  type ActivityDataPage,
  type ActivityInfo,
  type ActivityMine,
  type ActivityStatus,
  type ActivityVisitor,
  type CouponClaim,
  type LotteryDraw,
  type Redeemed,
  type StaffActivity,
  type addActivityDataRequestSchema,
  type activityDataListRequestSchema,
} from '@crm/domain/api/activity';
import { chinaDay } from '@crm/domain/api/fair';
import {
  codeFromBytes,
  formatCode,
  normaliseCode,
  oddsText,
  periodAt,
  releaseWindow,
  TIER_LABELS,
  type PoolComposition,
} from '@crm/domain/activity';
import { maskPhone } from '@crm/domain/validation';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { requireActor } from '../access/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import {
  PeriodSpentError,
  type ActivityRepository,
  type ActivityRow,
  type CodeRow,
  type DrawRow,
  type PrizeRow,
  type VisitorKey,
} from './activity.repository.ts';
import { ACTIVITY_TEXTS as T } from './activity.texts.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString();
const newCode = () => codeFromBytes(randomBytes(32));

/** What the activity module asks of others (the fair it belongs to, a channel's name and owner). */
export interface ActivityLookups {
  fair: (corpId: number, id: number) => Promise<{ name: string; startsOn: string; endsOn: string } | undefined>;
  channel: (corpId: number, id: number) => Promise<{ name: string; ownerId: number } | undefined>;
}

interface ActivityServiceDeps {
  repo: ActivityRepository;
  auth: AuthService;
  lookups: ActivityLookups;
  secret: string;
  now: Clock;
}

export const statusAt = (a: Pick<ActivityRow, 'startsAt' | 'endsAt'>, at: Date): ActivityStatus =>
  at < a.startsAt ? 'upcoming' : at < a.endsAt ? 'running' : 'ended';

/** A lottery's committed composition: pool size, stocks and release plan (decision 070). */
export const compositionOfRow = (a: ActivityRow, prizes: readonly PrizeRow[]): PoolComposition => ({
  size: a.poolSize,
  prizes: prizes.map((p) => ({ tier: p.tier, stock: p.stock })),
  release:
    a.releaseEvery === '' ? null : { every: a.releaseEvery, rollover: a.releaseRollover, periods: a.releasePeriods },
});

/** The tickets a draw at `at` may take: this period's window of the pool (the whole pool without a plan). */
export function windowAt(a: ActivityRow, composition: PoolComposition, at: Date) {
  if (!composition.release) return { from: 0, to: a.poolSize, final: true };
  const window = releaseWindow(composition, periodAt(composition.release.every, a.startsAt.getTime(), at.getTime()));
  return { ...window, final: window.to >= a.poolSize };
}

/** China's time of an instant as YYYY-MM-DD HH:MM, for messages. */
const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const toCode = (row: CodeRow): ActivityCode => ({
  kind: row.kind,
  code: formatCode(row.code),
  title: row.title,
  value_fen: row.valueFen,
  expires_at: iso(row.expiresAt),
  redeemed_at: row.redeemedAt ? iso(row.redeemedAt) : null,
});

function toDraw(draw: DrawRow, prize: PrizeRow | null | undefined, code: CodeRow | null | undefined): LotteryDraw {
  return {
    activity_id: draw.activityId,
    ticket: draw.ticket,
    tier: draw.tier,
    tier_label: TIER_LABELS[draw.tier] ?? '',
    prize: prize ? { name: prize.name, redeem_note: prize.redeemNote } : null,
    code: code ? toCode(code) : null,
    drawn_at: iso(draw.createdAt),
  };
}

/**
 * Marketing activities (decision 056): the public page, the visitor's identity and phone, sign-ups, the
 * lottery's draws from a committed pool, coupons, and the staff's lists and redemption. A visitor's records
 * are found by company and openid together; an activity of another company is not found for them.
 */
export function createActivityService({ repo, auth, lookups, secret, now }: ActivityServiceDeps) {
  const shareMac = (activityId: number, who: string) =>
    createHmac('sha256', `activity-share:${secret}`).update(`${activityId}:${who}`).digest('base64url').slice(0, 22);

  /** The sharer a signed ref names, if its signature holds and they belong to the activity's company. */
  async function sharer(activity: ActivityRow, ref: string | undefined) {
    const match = ref ? /^([sc])(\d{1,10})\.([\w-]{22})$/.exec(ref) : null;
    if (!match) return {};
    const [, kind, idText, mac] = match as unknown as [string, 's' | 'c', string, string];
    const expected = Buffer.from(shareMac(activity.id, `${kind}${idText}`));
    if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return {};
    const id = Number(idText);
    if (kind === 's') return (await repo.staffName(activity.corpId, id)) ? { sharedByStaffId: id } : {};
    return (await lookups.channel(activity.corpId, id)) ? { sharedByChannelId: id } : {};
  }

  /** The visitor's activity: of their company, else not found. */
  async function visitorActivity(v: VisitorKey, id: number): Promise<ActivityRow> {
    const activity = await repo.find(id);
    if (!activity || activity.corpId !== v.corpId || activity.publishedAt === null) throw new NotFoundError(T.notFound);
    return activity;
  }

  function requireType(activity: ActivityRow, ...types: ActivityRow['type'][]) {
    if (!types.includes(activity.type)) throw new RefusedError(T.wrongType);
  }

  /** What every visitor action asks first: the activity, of one of `types`, running now, with the phone it wants. */
  async function openActivity(v: VisitorKey, id: number, ...types: ActivityRow['type'][]) {
    const activity = await visitorActivity(v, id);
    requireType(activity, ...types);
    const at = now();
    const status = statusAt(activity, at);
    if (status === 'upcoming') throw new RefusedError(T.notStarted);
    if (status === 'ended') throw new RefusedError(T.ended);
    if (activity.requiresPhone && !(await repo.visitorPhone(v))) throw new RefusedError(T.phoneFirst);
    return { activity, at };
  }

  return {
    /**
     * The public page of a published activity: what it is, whom to complain to, its prizes with their values,
     * odds and how many are left now, the release plan and the pool's published hashes (the seed after the
     * end). A draft is not found.
     */
    async info(id: number): Promise<ActivityInfo> {
      const a = await repo.find(id);
      if (!a || a.publishedAt === null) throw new NotFoundError(T.notFound);
      const at = now();
      const status = statusAt(a, at);
      const fair = a.fairId === null ? undefined : await lookups.fair(a.corpId, a.fairId);
      const prizes = a.type === 'lottery' ? await repo.prizes(a.id) : [];
      const composition = compositionOfRow(a, prizes);
      // What is left now: the prize tickets between the cursor (or the window's start) and the window's end.
      const window = status === 'upcoming' ? releaseWindow(composition, 0) : windowAt(a, composition, at);
      const drawable = status === 'ended' ? '' : a.pool.slice(Math.max(a.nextTicket, window.from), window.to);
      const leftNow = (tier: number) => [...drawable].filter((t) => t === String(tier)).length;
      const totalPrizes = prizes.reduce((n, p) => n + p.stock, 0);
      const release = composition.release;
      return {
        id: a.id,
        corp_id: a.corpId,
        type: a.type,
        title: a.title,
        intro: a.intro,
        cover_url: a.coverUrl,
        starts_at: iso(a.startsAt),
        ends_at: iso(a.endsAt),
        status,
        requires_phone: a.requiresPhone,
        complaint_contact: a.complaintContact,
        fields: a.fields,
        questions: a.questions,
        fair: fair ? { name: fair.name, starts_on: fair.startsOn, ends_on: fair.endsOn } : null,
        lottery:
          a.type === 'lottery'
            ? {
                pool_size: a.poolSize,
                prizes: prizes.map((p) => ({
                  tier: p.tier,
                  name: p.name,
                  stock: p.stock,
                  value_fen: p.valueFen,
                  odds: oddsText(p.stock, a.poolSize),
                  left_now: leftNow(p.tier),
                  redeem_note: p.redeemNote,
                })),
                seed_commitment: a.seedCommitment,
                pool_hash: a.poolHash,
                drawn: a.nextTicket,
                seed: status === 'ended' ? a.seed : null,
                thank_you_odds: oddsText(a.poolSize - totalPrizes, a.poolSize),
                release: release
                  ? {
                      every: release.every,
                      rollover: release.rollover,
                      periods: release.periods,
                      current:
                        status === 'running' ? periodAt(release.every, a.startsAt.getTime(), at.getTime()) + 1 : null,
                    }
                  : null,
              }
            : null,
        coupon:
          a.type === 'coupon'
            ? {
                title: a.couponTitle,
                value_fen: a.couponValueFen,
                stock: a.couponStock,
                left: a.couponStock - a.couponIssued,
                valid_days: a.couponValidDays,
              }
            : null,
      };
    },

    /** The activity an OAuth round is for (its company names the visitor's). */
    async activityForOauth(id: number) {
      const a = await repo.find(id);
      if (!a) throw new NotFoundError(T.notFound);
      return a;
    },

    /** A visitor the official account vouched for (snsapi_base): a session of kind visitor. */
    visitorSession: (corpId: number, openid: string) => auth.startSession({ kind: 'visitor', corpId, openid }),

    async me(v: VisitorKey): Promise<ActivityVisitor> {
      const phone = await repo.visitorPhone(v);
      return { corp_id: v.corpId, phone: phone ? maskPhone(phone) : null };
    },

    /** lotteryLogin: the visitor proves a phone with the server's SMS code; the session is renewed with it. */
    async login(v: VisitorKey, phone: string, code: string) {
      const at = now();
      return auth.signInWithCode(phone, code, async (tx) => {
        await repo.setVisitorPhone(tx, v, phone, at);
        return {
          subject: { kind: 'visitor', corpId: v.corpId, openid: v.openid },
          answer: { corp_id: v.corpId, phone: maskPhone(phone) } satisfies ActivityVisitor,
        };
      });
    },

    /** addActivityData: a test-drive booking, a fair registration, or the fair's questionnaire. */
    async addData(v: VisitorKey, input: z.output<typeof addActivityDataRequestSchema>) {
      const { activity, at } = await openActivity(v, input.activity_id, 'car', 'signin');
      const attribution = await sharer(activity, input.ref);
      let answers: Record<string, string> = {};
      if (input.kind === 'subscribe') {
        requireType(activity, 'signin');
        if (!(await repo.entry(activity.id, v.openid, 'register'))) throw new RefusedError(T.registerFirst);
        const given = input.answers ?? {};
        for (const q of activity.questions) {
          const choice = given[q.id];
          if (choice === undefined || !q.options.includes(choice)) throw new RefusedError(T.answerAll);
          answers[q.id] = choice;
        }
      } else {
        if (!input.name || input.name.length < 2) throw new RefusedError(T.nameRequired);
        if (!input.phone) throw new RefusedError(T.phoneRequired);
        if (activity.type === 'car') {
          const models = activity.fields.find((f) => f.name === 'car_model')?.options ?? [];
          if (!input.car_model || (models.length > 0 && !models.includes(input.car_model)))
            throw new RefusedError(T.carModelInvalid);
          if (!input.date) throw new RefusedError(T.dateRequired);
          if (input.date < chinaDay(at) || input.date > chinaDay(activity.endsAt))
            throw new RefusedError(T.dateOutOfRange);
          answers = { car_model: input.car_model, date: input.date };
        }
      }
      const { row, already } = await repo.addEntry({
        corpId: v.corpId,
        activityId: activity.id,
        openid: v.openid,
        kind: input.kind,
        name: input.kind === 'subscribe' ? '' : (input.name ?? ''),
        phone: input.kind === 'subscribe' ? '' : (input.phone ?? ''),
        answers,
        ...attribution,
        createdAt: at,
      });
      const msg = already
        ? T.alreadyBooked
        : input.kind === 'subscribe'
          ? T.subscribed
          : activity.type === 'car'
            ? T.booked
            : T.registered;
      return { data: { id: row.id, already }, msg };
    },

    /** One draw per visitor and activity, the next ticket of the committed pool this period releases. */
    async draw(v: VisitorKey, activityId: number): Promise<LotteryDraw> {
      const { activity, at } = await openActivity(v, activityId, 'lottery');
      const composition = compositionOfRow(activity, await repo.prizes(activity.id));
      const result = await repo
        .draw(
          {
            ...v,
            activityId,
            at,
            window: windowAt(activity, composition, at),
            codeExpiresAt: new Date(activity.endsAt.getTime() + activity.prizeRedeemDays * DAY_MS),
          },
          newCode,
        )
        .catch((error: unknown) => {
          if (error instanceof PeriodSpentError) throw new RefusedError(T.noneLeftNow, { cause: error });
          throw error;
        });
      if (result.already) throw new RefusedError(T.alreadyDrawn);
      return toDraw(result.draw, result.prize, result.code);
    },

    /** coupon: claims the activity's coupon once; a second claim answers the first. */
    async claimCoupon(v: VisitorKey, activityId: number): Promise<{ data: CouponClaim; msg: string }> {
      const { activity, at } = await openActivity(v, activityId, 'coupon');
      const result = await repo.claimCoupon(
        {
          ...v,
          activityId,
          title: activity.couponTitle,
          valueFen: activity.couponValueFen,
          at,
          expiresAt: new Date(at.getTime() + activity.couponValidDays * DAY_MS),
        },
        newCode,
      );
      if (result.status === 'soldOut') throw new RefusedError(T.couponSoldOut);
      return {
        data: { ...toCode(result.row), already: result.already },
        msg: result.already ? T.couponAlready : T.couponClaimed,
      };
    },

    /** What the visitor has done, in one activity or all of the company's (the sign-in list). */
    async mine(v: VisitorKey, activityId: number | undefined): Promise<ActivityMine> {
      if (activityId !== undefined) await visitorActivity(v, activityId);
      const phone = await repo.visitorPhone(v);
      const { entries, draws, codes, prizes } = await repo.mine(v, activityId);
      return {
        phone: phone ? maskPhone(phone) : null,
        entries: entries.map(({ entry, title, type }) => ({
          id: entry.id,
          activity_id: entry.activityId,
          activity_title: title,
          type,
          kind: entry.kind,
          name: entry.name,
          phone: maskPhone(entry.phone),
          answers: entry.answers,
          created_at: iso(entry.createdAt),
        })),
        draws: draws.map((d) =>
          toDraw(
            d,
            prizes.find((p) => p.id === d.prizeId),
            codes.find((c) => c.activityId === d.activityId && c.kind === 'prize'),
          ),
        ),
        codes: codes.map((c) => ({ ...toCode(c), activity_id: c.activityId })),
      };
    },

    // ---- staff

    /** The company's activities with the caller's share link (a channel's, when they own it). */
    async list(me: StaffIdentity, channelId: number | undefined): Promise<StaffActivity[]> {
      requireActor(me, 'activity.list');
      let who = `s${me.id}`;
      if (channelId !== undefined) {
        const channel = await lookups.channel(me.corpId, channelId);
        if (!channel || channel.ownerId !== me.id) throw new RefusedError(T.channelNotYours);
        who = `c${channelId}`;
      }
      const at = now();
      return (await repo.list(me.corpId)).map(({ activity: a, entries }) => ({
        id: a.id,
        type: a.type,
        title: a.title,
        starts_at: iso(a.startsAt),
        ends_at: iso(a.endsAt),
        status: statusAt(a, at),
        entries: Number(entries),
        share_path: `${activityPath(a.type, a.id)}${activityPath(a.type, a.id).includes('?') ? '&' : '?'}ref=${who}.${shareMac(a.id, who)}`,
      }));
    },

    /** getActivityDataList: an activity's sign-ups, newest first (the booth's live list). */
    async dataList(me: StaffIdentity, q: z.output<typeof activityDataListRequestSchema>): Promise<ActivityDataPage> {
      requireActor(me, 'activity.list');
      const a = await repo.find(q.activity_id);
      if (!a || a.corpId !== me.corpId) throw new NotFoundError(T.notFound);
      const { rows, total } = await repo.entriesPage(me.corpId, a.id, { cursor: q.cursor, limit: q.limit });
      const channelNames = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.sharedByChannelId).filter((c): c is number => c !== null)))
        channelNames.set(id, (await lookups.channel(me.corpId, id))?.name ?? '');
      const shown = rows.slice(0, q.limit);
      return {
        activity: { id: a.id, title: a.title, type: a.type },
        total,
        list: shown.map((r) => ({
          id: r.id,
          kind: r.kind,
          name: r.name,
          phone: r.phone ? maskPhone(r.phone) : '',
          answers: r.answers,
          shared_by: r.staffName ?? (r.sharedByChannelId ? (channelNames.get(r.sharedByChannelId) ?? null) : null),
          created_at: iso(r.createdAt),
        })),
        next_cursor: rows.length > q.limit ? (shown.at(-1)?.id ?? null) : null,
      };
    },

    /** Redeems a coupon or prize code of the company, once, before it expires. */
    async redeem(me: StaffIdentity, typed: string): Promise<Redeemed> {
      requireActor(me, 'activity.redeem');
      const code = normaliseCode(typed);
      if (!code) throw new RefusedError(T.codeInvalid);
      const at = now();
      const row = await repo.redeem(me.corpId, code, me.id, at);
      const found = row ?? (await repo.codeInCorp(me.corpId, code));
      if (!found) throw new NotFoundError(T.codeNotFound);
      if (!row && found.redeemedAt) throw new RefusedError(T.codeRedeemed(chinaTime(found.redeemedAt)));
      if (!row) throw new RefusedError(T.codeExpired);
      const activity = await repo.find(row.activityId);
      return { ...toCode(row), activity_title: activity?.title ?? '' };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

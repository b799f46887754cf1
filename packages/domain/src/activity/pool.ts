import { hmacSha256, sha256Hex } from './sha256.ts';

/*
 * The lottery's prize pool (decision 056). Before the activity starts its author fixes a secret seed; the
 * pool is the ticket list (each prize tier's stock, then thank-you tickets up to the pool size) shuffled by
 * Fisher–Yates with randomness from HMAC-SHA256(seed, counter). The activity page publishes SHA-256 of the
 * seed and of the pool; each draw takes the next ticket. After the end the seed is revealed and anyone
 * re-derives the pool and both hashes with these functions.
 */

/** Tiers 1..3 carry prizes; tier 4 is 谢谢参与, no prize (spec §9: four tiers). */
export const THANK_YOU_TIER = 4;

/**
 * How a lottery spreads its prizes over the campaign (issue 51, decision 070): the pool is cut into one
 * segment per China calendar day (or hour) the campaign touches, each segment holding an even share of every
 * tier's stock and of the tickets, shuffled on its own. Draws in a period take tickets only up to the end of
 * that period's segment; with `rollover` a period's undrawn tickets stay drawable later (the cursor never
 * skips), without it they lapse (the cursor jumps to the period's own segment).
 */
export interface ReleasePlan {
  every: 'day' | 'hour';
  rollover: boolean;
  /** How many periods (segments) the campaign has. */
  periods: number;
}

export interface PoolComposition {
  /** How many tickets the pool holds (the most draws that can win anything). */
  size: number;
  /** Stock per prize tier (1..3). */
  prizes: readonly { tier: number; stock: number }[];
  /** Released over the campaign's periods; absent or null: the whole pool at once. */
  release?: ReleasePlan | null | undefined;
}

const PERIOD_MS = { day: 86_400_000, hour: 3_600_000 } as const;
/** China's offset (UTC+8, no summer time): periods are China's calendar days and hours. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The period (0-based) of the campaign starting at `startsAt` that the instant `at` falls in (ms since epoch). */
export function periodAt(every: ReleasePlan['every'], startsAt: number, at: number): number {
  const len = PERIOD_MS[every];
  return Math.floor((at + CHINA_OFFSET_MS) / len) - Math.floor((startsAt + CHINA_OFFSET_MS) / len);
}

/** How many China calendar days (hours) a campaign from `startsAt` to `endsAt` (exclusive) touches. */
export const periodsOf = (every: ReleasePlan['every'], startsAt: number, endsAt: number) =>
  periodAt(every, startsAt, endsAt - 1) + 1;

/** `total` split over `parts` as evenly as can be, the remainder on the earliest parts. */
export const evenShares = (total: number, parts: number): number[] =>
  Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

/** Each period's segment of the pool: its first ticket, its end (exclusive), and each tier's prizes in it. */
export function segmentsOf({ size, prizes, release }: PoolComposition) {
  const periods = release ? release.periods : 1;
  const sizes = evenShares(size, periods);
  const shares = prizes.map((p) => ({ tier: p.tier, shares: evenShares(p.stock, periods) }));
  let from = 0;
  return sizes.map((n, i) => {
    const segment = {
      from,
      to: from + n,
      prizes: shares.map((p) => ({ tier: p.tier, stock: p.shares[i] ?? 0 })),
    };
    from += n;
    return segment;
  });
}

/**
 * The tickets a draw in `period` may take: from `from` (the cursor, or the period's own segment start when
 * nothing rolls over) up to the end of the period's segment. Before the first period nothing, after the last
 * the last's.
 */
export function releaseWindow(composition: PoolComposition, period: number): { from: number; to: number } {
  const segments = segmentsOf(composition);
  const p = Math.min(period, segments.length - 1);
  if (p < 0) return { from: 0, to: 0 };
  const segment = segments[p] as { from: number; to: number };
  return { from: composition.release?.rollover === false ? segment.from : 0, to: segment.to };
}

/** Tickets before shuffling: tier digits, prize tiers first, thank-you filling the rest. */
export function ticketList({ size, prizes }: Pick<PoolComposition, 'size' | 'prizes'>): number[] {
  const tickets: number[] = [];
  for (const { tier, stock } of [...prizes].sort((a, b) => a.tier - b.tier))
    for (let i = 0; i < stock; i++) tickets.push(tier);
  if (tickets.length > size) throw new RangeError('奖品总数超过奖池大小');
  while (tickets.length < size) tickets.push(THANK_YOU_TIER);
  return tickets;
}

/**
 * A stream of uniform 32-bit words from the seed: HMAC-SHA256(seed, "pool:" + block), eight words a block
 * (a release plan's segment p: "pool:p<p>:" + block).
 */
function wordStream(seedHex: string, label = 'pool:') {
  let block = 0;
  let words: number[] = [];
  return () => {
    if (words.length === 0) {
      const bytes = hmacSha256(seedHex, `${label}${block++}`);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      words = Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
    }
    return words.shift() as number;
  };
}

/** An unbiased integer in [0, n) by rejection sampling. */
function uniform(next: () => number, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const word = next();
    if (word < limit) return word % n;
  }
}

function shuffled(tickets: number[], next: () => number): string {
  for (let i = tickets.length - 1; i > 0; i--) {
    const j = uniform(next, i + 1);
    [tickets[i], tickets[j]] = [tickets[j] as number, tickets[i] as number];
  }
  return tickets.join('');
}

/**
 * The pool as a string of tier digits, ticket 0 first: the order draws take them in. With a release plan,
 * each period's segment (its share of every tier and of the tickets) shuffled on its own, one after another.
 */
export function derivePool(seedHex: string, composition: PoolComposition): string {
  if (!composition.release) return shuffled(ticketList(composition), wordStream(seedHex));
  ticketList(composition); // the whole pool's check: no more prizes than tickets
  return segmentsOf(composition)
    .map((segment, p) =>
      shuffled(
        ticketList({ size: segment.to - segment.from, prizes: segment.prizes }),
        wordStream(seedHex, `pool:p${p}:`),
      ),
    )
    .join('');
}

/** The commitment to the seed published before the start. */
export const seedCommitment = (seedHex: string) => sha256Hex(`seed:${seedHex}`);

/** The hash of the pool published before the start; a release plan is part of what it commits to. */
export const poolHash = (pool: string, release?: ReleasePlan | null) =>
  sha256Hex(release ? `pool:${release.every}:${release.rollover ? 1 : 0}:${release.periods}:${pool}` : `pool:${pool}`);

/** A tier's odds per ticket as people read them: 1/1000（0.1%）. */
export function oddsText(stock: number, size: number): string {
  if (size <= 0) return '0';
  const percent = (stock / size) * 100;
  const shown = percent >= 1 ? percent.toFixed(1) : Number(percent.toPrecision(2)).toString();
  return `${stock}/${size}（${shown.replace(/\.0$/, '')}%）`;
}

/**
 * What anyone can check once the seed is revealed: the seed matches its commitment, and the pool it
 * derives matches the published pool hash (so the order of tickets was fixed before the first draw).
 */
export function verifyRevealedPool(input: {
  seed: string;
  seedCommitment: string;
  poolHash: string;
  composition: PoolComposition;
}): { seedMatches: boolean; poolMatches: boolean; pool: string } {
  const pool = derivePool(input.seed, input.composition);
  return {
    seedMatches: seedCommitment(input.seed) === input.seedCommitment,
    poolMatches: poolHash(pool, input.composition.release) === input.poolHash,
    pool,
  };
}

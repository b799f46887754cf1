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

export interface PoolComposition {
  /** How many tickets the pool holds (the most draws that can win anything). */
  size: number;
  /** Stock per prize tier (1..3). */
  prizes: readonly { tier: number; stock: number }[];
}

/** Tickets before shuffling: tier digits, prize tiers first, thank-you filling the rest. */
export function ticketList({ size, prizes }: PoolComposition): number[] {
  const tickets: number[] = [];
  for (const { tier, stock } of [...prizes].sort((a, b) => a.tier - b.tier))
    for (let i = 0; i < stock; i++) tickets.push(tier);
  if (tickets.length > size) throw new RangeError('奖品总数超过奖池大小');
  while (tickets.length < size) tickets.push(THANK_YOU_TIER);
  return tickets;
}

/** A stream of uniform 32-bit words from the seed: HMAC-SHA256(seed, "pool:" + block), eight words a block. */
function wordStream(seedHex: string) {
  let block = 0;
  let words: number[] = [];
  return () => {
    if (words.length === 0) {
      const bytes = hmacSha256(seedHex, `pool:${block++}`);
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

/** The pool as a string of tier digits, ticket 0 first: the order draws take them in. */
export function derivePool(seedHex: string, composition: PoolComposition): string {
  const tickets = ticketList(composition);
  const next = wordStream(seedHex);
  for (let i = tickets.length - 1; i > 0; i--) {
    const j = uniform(next, i + 1);
    [tickets[i], tickets[j]] = [tickets[j] as number, tickets[i] as number];
  }
  return tickets.join('');
}

/** The commitment to the seed published before the start. */
export const seedCommitment = (seedHex: string) => sha256Hex(`seed:${seedHex}`);

/** The hash of the pool published before the start. */
export const poolHash = (pool: string) => sha256Hex(`pool:${pool}`);

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
    poolMatches: poolHash(pool) === input.poolHash,
    pool,
  };
}

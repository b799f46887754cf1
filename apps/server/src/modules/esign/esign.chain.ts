import { createHash } from 'node:crypto';

/*
 * The evidence chain of an order (decision 054): every event's hash covers its own fields and the hash of
 * the event before it (the first one's "previous" is the SHA-256 of the document as sent), so editing,
 * removing or reordering one breaks every hash from there on; the order keeps the last hash and the count,
 * so removing the last one is caught too.
 */

export interface ChainEvent {
  orderId: number;
  seq: number;
  type: string;
  actor: string;
  ip: string;
  userAgent: string;
  at: string;
  detail: Record<string, string | number>;
  prevHash: string;
}

/** A stable serialisation: fixed field order, detail keys sorted. */
export function canonical(event: ChainEvent): string {
  const detail = Object.fromEntries(Object.entries(event.detail).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify([
    event.orderId,
    event.seq,
    event.type,
    event.actor,
    event.ip,
    event.userAgent,
    event.at,
    detail,
    event.prevHash,
  ]);
}

export const eventHash = (event: ChainEvent): string => createHash('sha256').update(canonical(event)).digest('hex');

export interface ChainCheck {
  intact: boolean;
  brokenAt: number | null;
  head: string;
  count: number;
}

/**
 * Recomputes the chain: sequence numbers 1..n without gaps, each link the previous hash, each hash its
 * event's, and the last hash and count what the order recorded.
 */
export function checkChain(
  events: (ChainEvent & { hash: string })[],
  genesis: string,
  recorded: { head: string; count: number },
): ChainCheck {
  let prev = genesis;
  for (const [index, event] of events.entries()) {
    if (event.seq !== index + 1 || event.prevHash !== prev || eventHash(event) !== event.hash)
      return { intact: false, brokenAt: index + 1, head: recorded.head, count: events.length };
    prev = event.hash;
  }
  const intact = prev === recorded.head && events.length === recorded.count;
  return { intact, brokenAt: intact ? null : events.length + 1, head: prev, count: events.length };
}

/** Beijing time with its zone, as the evidence shows it: 2026-01-02T11:04:05.000+08:00. */
export const withZone = (at: Date): string =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().replace('Z', '+08:00');

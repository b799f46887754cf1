import { describe, expect, it } from 'vitest';
import { allowedMoves, CASE_STATUS_LABELS, findTransition, isDeletable, refusalOf, TRANSITIONS } from './index.ts';

describe('the case transition table', () => {
  it.each([
    [1, 3, ['signer'], true],
    [1, 3, ['leader'], true],
    [1, 3, ['owner'], false], // a salesperson cannot declare their own case signed
    [3, 5, ['signer'], true],
    [5, 8, ['signer'], true],
    [5, 8, ['owner'], false],
    [7, 8, ['leader'], true],
    [1, 8, ['leader'], false], // no skipping approval
    [8, 1, ['leader'], false], // disbursed is final
    [6, 3, ['leader'], false], // only through an approved appeal
    [4, 3, ['owner'], true],
    [1, 9, ['owner'], true],
  ] as const)('%d → %d by %j: %s', (from, to, roles, allowed) => {
    expect(findTransition(from, to, roles) !== undefined).toBe(allowed);
  });

  it('reopens a rejected case only through an appeal the leader approves', () => {
    expect(findTransition(6, 3, ['leader'], 'appeal')).toBeDefined();
    expect(findTransition(6, 3, ['owner'], 'appeal')).toBeUndefined();
    expect(findTransition(2, 1, ['owner'], 'resubmit')).toBeDefined();
  });

  it('asks a reason for every rejection, failure and return', () => {
    for (const move of TRANSITIONS.filter((item) => [2, 4, 6, 9].includes(item.to)))
      expect(move.needsReason).toBe(true);
  });

  it('never leaves the final statuses except by appeal', () => {
    for (const move of TRANSITIONS) {
      expect([8, 9]).not.toContain(move.from);
      if (move.from === 6) expect(move.via).toBe('appeal');
    }
  });

  it('lists the direct moves of a role', () => {
    expect(allowedMoves(3, ['signer']).map((move) => move.to)).toEqual([4, 5, 6]);
    expect(allowedMoves(3, ['owner'])).toEqual([]);
  });

  it('names the statuses in the refusal', () => {
    expect(refusalOf(1, 8)).toBe(`报单不能从「${CASE_STATUS_LABELS[1]}」改为「${CASE_STATUS_LABELS[8]}」`);
    expect(refusalOf(1, 3)).toContain('无权');
  });

  it('lets a case be deleted only before signing started', () => {
    expect(isDeletable(1, false)).toBe(true);
    expect(isDeletable(1, true)).toBe(false);
    expect(isDeletable(3, false)).toBe(false);
  });
});

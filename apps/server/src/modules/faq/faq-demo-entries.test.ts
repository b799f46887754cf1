import { isOverLimit, percentToBp } from '@crm/domain/brokerage';
import { describe, expect, it } from 'vitest';
import { DEMO_FAQ_ENTRIES } from './faq-demo-entries.ts';

const body = (key: string) => DEMO_FAQ_ENTRIES.find((entry) => entry.key === key)?.body ?? '';

describe('the demo FAQ on over-limit brokerage (issue 39)', () => {
  it.each(['over-limit-approval', 'brokerage-split'])(
    '%s names the rate and the amount the product applies (decision 030)',
    (key) => {
      const [, rate = ''] = /超过 \**(\d+\.\d{2})%/.exec(body(key)) ?? [];
      const [, yuan = ''] = /超过 \**¥([\d,]+)\.00/.exec(body(key)) ?? [];
      const rateBp = percentToBp(rate) ?? Number.NaN;
      const amountFen = Number(yuan.replaceAll(',', '')) * 100;
      // Exactly the edge: at the figures no approval, one step past them approval.
      expect(isOverLimit(rateBp, 0)).toBe(false);
      expect(isOverLimit(rateBp + 1, 0)).toBe(true);
      expect(isOverLimit(0, amountFen)).toBe(false);
      expect(isOverLimit(0, amountFen + 1)).toBe(true);
      expect(body(key)).toContain('1.50%');
      expect(body(key)).toContain('¥50,000.00');
    },
  );

  it('says nowhere that 1 % already needs approval', () => {
    for (const entry of DEMO_FAQ_ENTRIES) expect(entry.body).not.toMatch(/超过 \**1%/);
  });
});

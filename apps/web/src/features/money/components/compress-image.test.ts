import { describe, expect, it } from 'vitest';
import { fitWithin } from './compress-image.ts';

describe('fitWithin', () => {
  it.each([
    [4000, 3000, { width: 2000, height: 1500 }],
    [3000, 4000, { width: 1500, height: 2000 }],
    [1200, 800, { width: 1200, height: 800 }],
    [2000, 2000, { width: 2000, height: 2000 }],
    [9000, 10, { width: 2000, height: 2 }],
  ])('%i × %i → %o', (width, height, expected) => expect(fitWithin(width, height)).toEqual(expected));
});

import { STATIC_TILE_KEYS } from '@crm/domain/roles';
import { describe, expect, it } from 'vitest';
import { homeTexts } from '../texts.ts';
import { tileLabel } from './home-card.tsx';

describe('tileLabel', () => {
  it.each(STATIC_TILE_KEYS)('labels the %s tile in Chinese', (key) => {
    expect(tileLabel({ key, path: `/somewhere/${key}` }, homeTexts)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('uses the signer name on signer tiles', () => {
    expect(tileLabel({ key: 'signer-42', path: '/sign/list/42/2', icon: 'female', name: '王芳' }, homeTexts)).toBe(
      '王芳',
    );
  });

  it('falls back to the path for a key it does not know', () => {
    expect(tileLabel({ key: 'brandNewTile', path: '/business/brandNew' }, homeTexts)).toBe('/business/brandNew');
  });
});

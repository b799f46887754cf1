import { describe, expect, it } from 'vitest';
import { createCitationFilter, makesPromise, maskPersonalData, parseFaqBody, searchTokens } from './index.ts';

describe('searchTokens', () => {
  it('makes Chinese bigrams (finding words the dictionary splits), drops fillers, keeps Latin words', () => {
    expect(searchTokens('自雇客户补件要什么？LPR 3.5')).toEqual(expect.arrayContaining(['自雇', '补件', 'lpr', '3.5']));
    expect(searchTokens('需要什么')).toEqual([]);
    expect(searchTokens('补件').every((t) => /^[\p{L}\p{N}.]+$/u.test(t))).toBe(true);
  });
});

describe('createCitationFilter', () => {
  it('keeps marks of retrieved entries and drops others, across chunk boundaries', () => {
    const filter = createCitationFilter(2);
    const shown = ['见[', '1]与[3', ']和[2]', '[1'].map((c) => filter.push(c)).join('') + filter.flush();
    expect(shown).toBe('见[1]与和[2][1');
    expect(filter.used()).toEqual([1, 2]);
  });
});

describe('makesPromise', () => {
  it.each([
    ['保证通过', true],
    ['这个客户肯定能下款', true],
    ['承诺年化利率3.5%', true],
    ['3个工作日内一定放款', true],
    ['以银行审批为准，一般1–3个工作日放款', false],
    ['利率以合同为准', false],
  ])('%s → %s', (text, expected) => {
    expect(makesPromise(text)).toBe(expected);
  });
});

describe('maskPersonalData and parseFaqBody', () => {
  it('masks phones and ID numbers', () => {
    expect(maskPersonalData('13912345678 与 31010119900101123X')).toBe('139****5678 与 310101********123X');
  });
  it('reads headings, items, images and paragraphs, and nothing as HTML', () => {
    expect(parseFaqBody('# 标题\n正文<b>一</b>\n续\n\n- 甲\n2. 乙\n![图](faq-image:7)')).toEqual([
      { type: 'heading', text: '标题' },
      { type: 'paragraph', text: '正文<b>一</b>续' },
      { type: 'item', text: '甲', ordered: false },
      { type: 'item', text: '乙', ordered: true },
      { type: 'image', alt: '图', imageId: 7 },
    ]);
  });
});

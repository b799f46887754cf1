import { describe, expect, it } from 'vitest';
import { analyze, synonymMap, TRADE_SYNONYMS } from './analyzer.ts';
import { buildIndex } from './bm25.ts';
import { calibrate } from './index.ts';

/*
 * The rules of the FAQ's retrieval (decision 069) on entries made up here, not the demo's: words by jieba,
 * synonyms by their group, fields by weight, and relevance as the share of what is asked.
 */
const synonyms = synonymMap([...TRADE_SYNONYMS, ['甲方案', '乙方案']]);
const index = buildIndex(
  [
    { id: 1, fields: { title: '放款需要几个工作日', keywords: '', body: '银行审批通过后安排放款。' } },
    { id: 2, fields: { title: '面签的地点', keywords: '签约中心', body: '在公司或者银行网点办理，放款另行通知。' } },
    { id: 3, fields: { title: '甲方案的适用人群', keywords: '', body: '适合刚毕业的年轻人。' } },
  ],
  synonyms,
);

describe('FAQ retrieval rules', () => {
  it('reads a synonym as its group, so a question in other words finds the entry', () => {
    expect(analyze('下款', synonyms)[0]?.word).toBe(analyze('放款', synonyms)[0]?.word);
    expect(index.search('一般几天能下款')[0]?.id).toBe(1);
    // A group a company adds works the same way.
    expect(index.search('乙方案适合谁')[0]?.id).toBe(3);
  });

  it('drops fillers and question words: they neither find nor miss an entry', () => {
    expect(analyze('请问一下这个是什么呢', synonyms)).toEqual([]);
    const plain = index.search('放款几个工作日')[0]?.relevance ?? 0;
    const chatty = index.search('请问一下放款几个工作日呢')[0]?.relevance ?? 0;
    expect(chatty).toBeCloseTo(plain, 5);
  });

  it('ranks a match in the title above the same word in another entry’s answer', () => {
    const hits = index.search('放款');
    expect(hits.map((h) => h.id)).toEqual([1, 2]);
  });

  it('counts a word the FAQ never uses against every entry, a rare word more than a common one', () => {
    const alone = index.search('面签地点')[0]?.relevance ?? 0;
    const withRare = index.search('面签地点护照')[0]?.relevance ?? 0;
    expect(withRare).toBeLessThan(alone);
    expect(index.search('年会几号开')).toEqual([]);
  });

  it('weighs a word common in Chinese at large less than a specific one, though both are rare in the FAQ', () => {
    const own = buildIndex(
      [
        { id: 1, fields: { title: '发票怎么开', keywords: '', body: '' } },
        { id: 2, fields: { title: '面签的地点', keywords: '', body: '' } },
      ],
      synonyms,
    );
    // 开 and 发票 each appear in one entry of two; matching only 开 is a small share of the question.
    const common = own.search('例会几点开')[0]?.relevance ?? 0;
    const specific = own.search('例会发票')[0]?.relevance ?? 0;
    expect(common).toBeLessThan(specific);
  });

  it('keeps a word jieba tags a numeral but that holds no numeral (港澳台)', () => {
    expect(analyze('港澳台身份', synonyms).map((t) => t.word)).toContain('港澳台');
    expect(analyze('三个月', synonyms).map((t) => t.word)).not.toContain('三个');
  });

  it('calibrates the thresholds where right answers plus twice the refusals are most', () => {
    const at = (relevance: number, unknown = 0) => ({ relevance, unknown });
    // Right answers at 0.3 and up, unanswerable at 0.2 and below: anywhere between is perfect, the midpoint wins.
    expect(calibrate([at(0.3), at(0.5), at(0.7)], [at(0.1), at(0.2)]).relevant).toBe(0.25);
    // An unanswerable question at 0.6: refusing it is worth more than the one right answer lost below it.
    expect(calibrate([at(0.3), at(0.7), at(0.8)], [at(0.1), at(0.6)]).relevant).toBe(0.65);
    // An unanswerable question as relevant as the right answers, but about a noun no entry uses: the noun
    // share refuses it, and the right answers (common nouns at most, 0.5) still pass.
    expect(calibrate([at(0.5), at(0.6, 0.5), at(0.7)], [at(0.1), at(0.6, 0.9)])).toEqual({
      relevant: 0.3,
      unknownNoun: 0.7,
    });
  });

  it('marks a question about a noun the FAQ never uses, whatever else it matches', () => {
    expect(index.search('放款需要几个工作日')[0]?.unknown).toBe(0);
    expect(index.search('护照放款需要几个工作日')[0]?.unknown).toBeGreaterThan(0.58);
  });
});

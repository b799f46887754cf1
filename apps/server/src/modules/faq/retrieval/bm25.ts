import { analyze, generalRarity, type SynonymMap, type Term } from './analyzer.ts';

/*
 * BM25F over an FAQ's entries (issue 46, decision 069): each entry's title, its tags and alternative
 * phrasings (the `keywords` authors write) and its answer, each field weighted and length-normalised on
 * its own, the weighted frequencies saturated once per term (Robertson & Zaragoza's BM25F).
 *
 * The relevance an answer is judged on is the score's share of what the question asks: the sum of the
 * question's term weights, where a term the FAQ never uses weighs by how rare it is in Chinese at large
 * (jieba's general IDF), so 年会 or 打印机 in a question counts against every entry, and a filler word the
 * stop list missed barely does. A term the FAQ uses weighs its FAQ rarity tempered the same way (TEMPER_FLOOR):
 * 开 or 拿 in two entries of thirty are rare there but not what a question is about.
 */

export interface Field {
  name: string;
  weight: number;
  /** BM25's length normalisation for this field, 0 to 1. */
  b: number;
}

export const FIELDS: readonly Field[] = [
  { name: 'title', weight: 3, b: 0.5 },
  { name: 'keywords', weight: 2, b: 0.3 },
  { name: 'body', weight: 1, b: 0.75 },
];
const K1 = 1.2;

/** General IDF below which a word unknown to the FAQ is a common word (weighs nothing), and above which it is rare. */
const COMMON = 5;
const RARE = 9;
/** A noun the FAQ never uses weighs at least this share of an unseen word: it is what the question is about. */
const NOUN_FLOOR = 0.5;

export interface IndexDoc {
  id: number;
  fields: Record<string, string>;
}

interface Posting {
  doc: number;
  /** The term's count in each field, in FIELDS' order. */
  tf: number[];
}

export interface Hit {
  id: number;
  /** BM25F score. */
  score: number;
  /** The score's share of what the question asks, 0 to 1: what the refusal threshold is set on. */
  relevance: number;
  /**
   * The heaviest noun of the question the FAQ never uses (nor any word inside it), as a share of an unseen
   * word's weight, 0 to 1 (0 when every noun is known): what the question is about, and no entry speaks of it.
   */
  unknown: number;
}

/** How specific a word is in Chinese at large, 0 (common: 去, 开) to 1 (rare, or a word the general corpus lacks). */
export function specificity(word: string): number {
  const rarity = generalRarity(word);
  if (rarity === null) return /[\u3400-\u9fff]{2}/.test(word) ? 1 : 0;
  return Math.min(1, Math.max(0, (rarity - COMMON) / (RARE - COMMON)));
}

/**
 * A word the FAQ uses weighs its rarity in the FAQ tempered by how specific it is in Chinese at large: 开, 去,
 * 拿 or 报 are rare in thirty entries but say little about what is asked, wherever they occur; a word weighs at
 * least TEMPER_FLOOR of its FAQ rarity. Chosen on the tuning set (decision 069, third round).
 */
const TEMPER_FLOOR = 0.3;
const tempered = (word: string) => TEMPER_FLOOR + (1 - TEMPER_FLOOR) * specificity(word);

export function buildIndex(docs: readonly IndexDoc[], synonyms: SynonymMap) {
  const postings = new Map<string, Posting[]>();
  const lengths = docs.map(() => FIELDS.map(() => 0));
  docs.forEach((doc, d) => {
    FIELDS.forEach((field, f) => {
      const terms = analyze(doc.fields[field.name] ?? '', synonyms).flatMap((t) => [t.word, ...t.parts]);
      lengths[d]![f] = terms.length;
      for (const term of terms) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        let posting = list.at(-1);
        if (posting?.doc !== d) list.push((posting = { doc: d, tf: FIELDS.map(() => 0) }));
        posting.tf[f]! += 1;
      }
    });
  });
  const n = docs.length;
  const average = FIELDS.map((_, f) => Math.max(1, lengths.reduce((sum, l) => sum + (l[f] ?? 0), 0) / Math.max(1, n)));
  const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const unseen = idf(0);

  /** A term's share of an entry's score, 0 to 1: its weighted frequency over the fields, saturated. */
  const saturation = (doc: number, tf: number[]) => {
    let pseudo = 0;
    FIELDS.forEach((field, f) => {
      const count = tf[f] ?? 0;
      if (count === 0) return;
      const norm = 1 - field.b + field.b * ((lengths[doc]?.[f] ?? 0) / (average[f] ?? 1));
      pseudo += (field.weight * count) / norm;
    });
    return pseudo / (K1 + pseudo);
  };

  /**
   * What a question word weighs and which indexed terms stand for it: the word itself when the FAQ uses it;
   * otherwise the dictionary words inside it that the FAQ uses (批下来 → 批下); otherwise none, and it weighs
   * by its rarity in Chinese at large (a two-character word the general corpus never saw weighs most).
   */
  const lookUp = ({ word, parts, noun }: Term): { weight: number; terms: string[]; noun: boolean } => {
    if (postings.has(word)) return { weight: idf(postings.get(word)!.length) * tempered(word), terms: [word], noun };
    const inside = parts.filter((p) => postings.has(p));
    if (inside.length > 0)
      return {
        weight: Math.max(...inside.map((p) => idf(postings.get(p)!.length) * tempered(p))),
        terms: inside,
        noun,
      };
    const rarity = generalRarity(word);
    if (rarity === null) return { weight: /[\u3400-\u9fff]{2}/.test(word) ? unseen : 0, terms: [], noun };
    const floor = noun ? NOUN_FLOOR : 0;
    return { weight: unseen * Math.min(1, Math.max(floor, (rarity - COMMON) / (RARE - COMMON))), terms: [], noun };
  };

  return {
    size: n,
    /** Entries sharing a term with the question, best first. */
    search(question: string): Hit[] {
      const seen = new Set<string>();
      const words = analyze(question, synonyms).filter((t) => !seen.has(t.word) && seen.add(t.word));
      const looked = words.map(lookUp);
      const asked = looked.reduce((sum, l) => sum + l.weight, 0);
      if (asked === 0) return [];
      const unknown = Math.max(
        0,
        ...looked.filter((l) => l.noun && l.terms.length === 0).map((l) => l.weight / unseen),
      );
      const scores = new Map<number, number>();
      for (const { weight, terms } of looked) {
        // A word found through several parts counts once per entry, by its best part.
        const best = new Map<number, number>();
        for (const term of terms)
          for (const { doc, tf } of postings.get(term) ?? [])
            best.set(doc, Math.max(best.get(doc) ?? 0, weight * saturation(doc, tf)));
        for (const [doc, score] of best) scores.set(doc, (scores.get(doc) ?? 0) + score);
      }
      return [...scores]
        .map(([doc, score]) => ({ id: docs[doc]!.id, score, relevance: score / asked, unknown }))
        .sort((a, b) => b.score - a.score || a.id - b.id);
    },
  };
}

export type SearchIndex = ReturnType<typeof buildIndex>;

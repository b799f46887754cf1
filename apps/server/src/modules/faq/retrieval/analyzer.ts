import { Jieba } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { STOP_WORD_LINES } from './stop-words.ts';
import { TRADE_SYNONYM_LINES } from './trade-synonyms.ts';
import { TRADE_WORD_LINES } from './trade-words.ts';

/*
 * How the FAQ's retrieval reads Chinese (issue 46, decision 069): jieba's word segmentation (@node-rs/jieba,
 * prebuilt native binaries, its own general dictionary) in search mode with HMM off, plus the trade's words
 * (trade-words.ts and every synonym), so 下款, 撞单 and 老公房 stay whole and no unknown word is invented;
 * text normalised first (NFKC, lower case), stop words dropped (stop-words.ts), and each word mapped to the
 * name of its synonym group, if it has one. The same analyzer reads the entries and the question.
 */

/** A data text's lines without comments and blanks. */
export function dataLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Synonym groups written one a line, words separated by spaces, commas or 、. */
export function parseSynonymLines(lines: readonly string[]): string[][] {
  return lines
    .map((line) =>
      line
        .normalize('NFKC')
        .toLowerCase()
        .split(/[\s,，、;；/|]+/)
        .filter((word) => word !== ''),
    )
    .filter((group) => group.length >= 2);
}

export const TRADE_SYNONYMS: readonly string[][] = parseSynonymLines(dataLines(TRADE_SYNONYM_LINES));
const STOP_WORDS = new Set(dataLines(STOP_WORD_LINES).flatMap((line) => line.split(/\s+/)));

let jieba: Jieba | null = null;
const known = new Set<string>();
let generation = 0;

/**
 * How many times words were added to the segmenter's dictionary: one process-wide dictionary, so an index
 * built before a company's new word cuts text differently from a question after it, and is rebuilt.
 */
export const dictionaryGeneration = () => generation;

function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    addWords(dataLines(TRADE_WORD_LINES));
    addWords(TRADE_SYNONYMS.flat());
  }
  return jieba;
}

/** Adds words to the segmenter's dictionary (a company's synonyms); words already added are skipped. */
export function addWords(words: readonly string[]) {
  const fresh = words.filter((w) => /[\u3400-\u9fff]/.test(w) && w.length >= 2 && !known.has(w));
  if (fresh.length === 0) return;
  for (const word of fresh) known.add(word);
  generation += 1;
  // A high count makes the segmenter keep the word whole against the general dictionary's splits.
  segmenter().loadDict(Buffer.from(fresh.map((w) => `${w} 3000 n`).join('\n') + '\n'));
}

let generalIdf: Map<string, number> | null = null;
/**
 * The word's inverse document frequency in jieba's general corpus (its idf.txt), or null when the corpus
 * never saw it: how rare a word is in Chinese at large, for words the FAQ never uses.
 */
export function generalRarity(word: string): number | null {
  generalIdf ??= new Map(
    new TextDecoder()
      .decode(idf)
      .split('\n')
      .map((line) => line.split(' '))
      .map(([w, v]): [string, number] => [w ?? '', Number(v)]),
  );
  return generalIdf.get(word) ?? null;
}

/** Maps each word of a synonym group to the group's first word. */
export type SynonymMap = ReadonlyMap<string, string>;

export function synonymMap(groups: readonly (readonly string[])[]): SynonymMap {
  const map = new Map<string, string>();
  for (const group of groups) {
    const [head] = group;
    if (head === undefined) continue;
    // A word already in a group keeps it: the built-in table first, then the company's lines in order.
    const name = group.map((w) => map.get(w)).find((n) => n !== undefined) ?? head;
    for (const word of group) if (!map.has(word)) map.set(word, name);
  }
  return map;
}

const WORD = /[\p{L}\p{N}]/u;
const NUMERAL = /[\p{N}零〇一二两三四五六七八九十百千万亿几半多数俩仨]/u;
/**
 * Parts of speech that never say what a question is about: numerals (一年, 几天, 500),
 * time and place words (以后, 最近), adverbs (大概, 刚), pronouns, particles, modal words, conjunctions and
 * prepositions (jieba's ICTCLAS tags).
 */
const EMPTY_TAGS = /^(m|mq|t|tg|f|d|dg|r|rr|rz|u.*|y|e|o|c|p)$/;

/** A word of a text and the dictionary words inside it (公积金 → 公积, 积金), each named by its synonym group. */
export interface Term {
  word: string;
  parts: string[];
  /** jieba tagged it a noun (or a verb used as one): what a question is about. */
  noun: boolean;
}

/** The words of a text: segmented, empty ones dropped, synonyms named by their group. Repeats kept. */
export function analyze(text: string, synonyms: SynonymMap): Term[] {
  const cut = segmenter();
  const name = (w: string) => synonyms.get(w) ?? w;
  const terms: Term[] = [];
  for (const tagged of cut.tag(text.normalize('NFKC').toLowerCase(), false)) {
    const tag = tagged.tag;
    let w = tagged.word.trim();
    // A number keeps a unit the trade names: 六十五岁 → 岁 (年龄).
    if (tag === 'm' && w.length > 1 && synonyms.has(w.slice(-1))) w = w.slice(-1);
    // jieba's tags are a dictionary's guesses (港澳台 a numeral): a "numeral" with no numeral in it says something.
    const empty = EMPTY_TAGS.test(tag) && !(tag === 'm' && !NUMERAL.test(w));
    if (w === '' || !WORD.test(w) || STOP_WORDS.has(w) || (empty && !known.has(w) && !synonyms.has(w))) continue;
    const parts =
      w.length > 2 ? cut.cutForSearch(w, false).filter((p) => p !== w && p.length >= 2 && !STOP_WORDS.has(p)) : [];
    terms.push({ word: name(w), parts: [...new Set(parts.map(name))], noun: /^(n|vn|an)/.test(tag) });
  }
  return terms;
}

import { plainText } from '@crm/domain/faq';
import type { CorpusRow, FaqRepository } from '../faq.repository.ts';
import { synonymMap, TRADE_SYNONYMS } from './analyzer.ts';
import { buildIndex, type SearchIndex } from './bm25.ts';

/*
 * The FAQ's retrieval (issue 46, decision 069): per company, a BM25F index of its entries (bm25.ts) over
 * jieba's words and the trade's synonyms (analyzer.ts), kept in memory and rebuilt when the company's FAQ
 * changes (one cheap query per question tells). An FAQ is hundreds of entries at most: the index is
 * milliseconds to build and kilobytes to keep.
 */

/**
 * The calibrated refusal threshold: an entry whose relevance (the share of what the question asks that it
 * matches, bm25.ts) is below this answers nothing, and the copilot says it does not know. Chosen on the
 * tuning set (fixtures/faq-questions-tuning.json) by `calibrate`: the threshold where right first answers
 * plus twice the honest refusals are most (a false answer costs twice a false refusal). No threshold there
 * reaches both 90 % right first and every refusal; this one answers 88 % right first and refuses 24 of 27.
 * faq.retrieval.test.ts checks it is still the tuning set's best and measures it on the held-out set.
 */
export const RELEVANT = 0.28;

export interface Ranked {
  entry: CorpusRow;
  /** BM25F score: the order. */
  score: number;
  /** 0 to 1, what RELEVANT is set on. */
  relevance: number;
}

export function createRetrieval(repo: Pick<FaqRepository, 'corpusVersion' | 'corpus'>) {
  const cache = new Map<number, { version: string; index: SearchIndex; rows: CorpusRow[] }>();
  const synonyms = synonymMap(TRADE_SYNONYMS);

  async function indexOf(corpId: number) {
    const version = await repo.corpusVersion(corpId);
    const kept = cache.get(corpId);
    if (kept?.version === version) return kept;
    const rows = await repo.corpus(corpId);
    const index = buildIndex(
      rows.map((row, at) => ({
        id: at,
        fields: { title: row.title, keywords: row.keywords, body: plainText(row.body) },
      })),
      synonyms,
    );
    const built = { version, index, rows };
    cache.set(corpId, built);
    return built;
  }

  return {
    /** The entries best matching a question, best first, in the filter's type or category. */
    async search(
      corpId: number,
      question: string,
      filter: { typeId?: number; categoryId?: number },
      limit: number,
    ): Promise<Ranked[]> {
      const { index, rows } = await indexOf(corpId);
      const ranked: Ranked[] = [];
      for (const hit of index.search(question)) {
        const entry = rows[hit.id];
        if (!entry) continue;
        if (filter.typeId !== undefined && entry.typeId !== filter.typeId) continue;
        if (filter.categoryId !== undefined && entry.categoryId !== filter.categoryId) continue;
        ranked.push({ entry, score: hit.score, relevance: hit.relevance });
        if (ranked.length === limit) break;
      }
      return ranked;
    },
  };
}

/**
 * The threshold a question set calls for: among the midpoints between observed relevances, the one where
 * right first answers (relevance at or above it) plus twice the refused unanswerable questions are most;
 * the lowest such, rounded to two decimals. `right`: the top relevance of each answerable question whose
 * right entry came first; `unanswerable`: the top relevance of each unanswerable one (0 when none).
 */
export function calibrate(right: readonly number[], unanswerable: readonly number[]): number {
  const points = [...new Set([...right, ...unanswerable])].sort((a, b) => a - b);
  const candidates = [0, ...points.slice(1).map((p, i) => (p + points[i]!) / 2), (points.at(-1) ?? 0) + 0.01];
  let best = { at: 0, value: -1 };
  for (const at of candidates) {
    const value = right.filter((r) => r >= at).length + 2 * unanswerable.filter((r) => r < at).length;
    if (value > best.value) best = { at, value };
  }
  return Math.round(best.at * 100) / 100;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { DEMO_FAQ_ENTRIES } from './faq-demo-entries.ts';
import { createFaqRepository } from './faq.repository.ts';
import { createFaqService, type FaqService } from './faq.service.ts';

/*
 * Issue 14's retrieval bar: thirty staff questions written apart from the entries (the fixture), each with
 * the demo entry it should cite; the right entry must be in the top 3 for at least 90 % of them.
 */
const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../fixtures/faq-held-out-questions.json',
);
const { questions } = JSON.parse(fs.readFileSync(fixture, 'utf8')) as { questions: { q: string; entry: string }[] };

let test: TestApp;
let faq: FaqService;
let corpId: number;
let idOf: Map<string, number>;
beforeAll(async () => {
  test = await buildTestApp();
  corpId = (await createCompany(test.db)).id;
  faq = createFaqService({ repo: createFaqRepository(test.db), llm: null, now: test.now, copilotPerMinute: 0 });
  const ids = await faq.importEntries(corpId, DEMO_FAQ_ENTRIES);
  idOf = new Map(DEMO_FAQ_ENTRIES.map((entry, i) => [entry.key, ids[i] ?? 0]));
}, 60_000);
afterAll(() => test.close());

describe('FAQ retrieval on held-out staff questions', () => {
  it('has thirty questions, each naming a demo entry', () => {
    expect(questions).toHaveLength(30);
    for (const { entry } of questions) expect(idOf.has(entry), entry).toBe(true);
  });

  it('puts the right entry in the top 3 for at least 90 % of them', async () => {
    const misses: string[] = [];
    let hits = 0;
    let firsts = 0;
    for (const { q, entry } of questions) {
      const ranked = await faq.retrieve(corpId, q, {}, 3);
      const at = ranked.findIndex((r) => r.entry.id === idOf.get(entry));
      if (at >= 0) hits += 1;
      if (at === 0) firsts += 1;
      else
        misses.push(
          `${q} → ${entry} at ${at}; got ${ranked.map((r) => `${r.entry.title.slice(0, 12)}(${r.score.toFixed(2)})`).join(', ')}`,
        );
    }
    const share = hits / questions.length;
    console.info(
      `FAQ retrieval: ${hits}/${questions.length} = ${(share * 100).toFixed(1)} % in the top 3 (${firsts} first)` +
        (misses.length > 0 ? `\n  not first:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});

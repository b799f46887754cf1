/*
 * Pure rules of the FAQ and its copilot (issue 14, docs/decisions/053): the tokenizer both the index and the
 * query use, the Markdown subset entries are written in, the extractive answer, the citation filter that
 * drops citations outside the retrieved set while text streams, and the guardrail on promises.
 */

const CJK_RUN = /[\u3400-\u9fff]+/g;
const LATIN_RUN = /[a-z0-9]+(?:\.[0-9]+)?/g;

/**
 * Bigrams that say nothing about the topic: question words and fillers staff type in every question. An
 * entry is never found (or missed) because of them.
 */
const STOP_BIGRAMS = new Set([
  '可以',
  '需要',
  '哪些',
  '什么',
  '怎么',
  '如何',
  '是否',
  '我们',
  '一下',
  '请问',
  '的话',
  '时候',
  '多少',
  '哪个',
  '哪家',
  '有没',
  '没有',
  '能不',
  '不能',
  '这个',
  '那个',
  '应该',
  '现在',
  '他们',
  '还是',
  '要求',
  '一般',
  '的客',
  '么办',
  '怎样',
  '办法',
  '有什',
  '么材',
  '要什',
  '么样',
  '个客',
  '户的',
  '客户',
]);

let segmenter: Intl.Segmenter | null = null;
/** Word segments of ICU's Chinese dictionary; null where the runtime lacks Intl.Segmenter. */
function words(run: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return [];
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...segmenter.segment(run)].filter((s) => s.isWordLike).map((s) => s.segment);
}

/**
 * The search tokens of a text: for each run of Chinese characters its bigrams (which find 补件 and 自雇 that
 * ICU's dictionary splits) and its dictionary words of three or more characters; for Latin letters and
 * digits, the lowercased words. Unique, in order of first appearance. Every token is letters or digits only,
 * so tokens are safe to join into a tsquery.
 */
export function searchTokens(text: string): string[] {
  const lower = text.toLowerCase();
  const out = new Set<string>();
  for (const [run] of lower.matchAll(CJK_RUN)) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i += 1) {
      const bigram = run.slice(i, i + 2);
      if (!STOP_BIGRAMS.has(bigram)) out.add(bigram);
    }
    for (const word of words(run)) if (word.length >= 3) out.add(word);
  }
  for (const [word] of lower.matchAll(LATIN_RUN)) out.add(word);
  return [...out];
}

/** Share of the question's tokens found in a text's tokens, 0 to 1 (0 when the question has none). */
export function coverage(questionTokens: readonly string[], textTokens: readonly string[]): number {
  if (questionTokens.length === 0) return 0;
  const have = new Set(textTokens);
  return questionTokens.filter((t) => have.has(t)).length / questionTokens.length;
}

/** A block of an entry's body: the subset of Markdown FAQ authors write. */
export type FaqBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'item'; text: string; ordered: boolean }
  | { type: 'image'; alt: string; imageId: number };

const IMAGE_LINE = /^!\[([^\]]*)\]\(faq-image:(\d{1,9})\)$/;

/**
 * Parses an entry's Markdown: `#` headings, `-`/`*`/`1.` list items, `![alt](faq-image:ID)` images on a line
 * of their own, and paragraphs (lines joined until a blank line). `**bold**` stays in the text; the page
 * renders it. Anything else is plain text: no HTML ever reaches the page.
 */
export function parseFaqBody(markdown: string): FaqBlock[] {
  const blocks: FaqBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join('') });
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const image = IMAGE_LINE.exec(line);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^(?:([-*])|(\d{1,3})[.、])\s+(.*)$/.exec(line);
    if (line === '') endParagraph();
    else if (image) {
      endParagraph();
      blocks.push({ type: 'image', alt: image[1] ?? '', imageId: Number(image[2]) });
    } else if (heading) {
      endParagraph();
      blocks.push({ type: 'heading', text: heading[1] ?? '' });
    } else if (item) {
      endParagraph();
      blocks.push({ type: 'item', text: item[3] ?? '', ordered: item[2] !== undefined });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

/** An entry's text without Markdown marks: what is searched, quoted and sent to a model. */
export function plainText(markdown: string): string {
  return parseFaqBody(markdown)
    .filter((b) => b.type !== 'image')
    .map((b) => ('text' in b ? b.text.replaceAll('**', '') : ''))
    .join('\n');
}

/** What the copilot retrieved, as the answerers see it: numbered from 1 in rank order. */
export interface RetrievedEntry {
  id: number;
  title: string;
  body: string;
}

/**
 * The answer without a model: from each of the best entries (up to two), the sentences sharing most words
 * with the question, in the entry's own order, each ending with its citation number.
 */
export function extractiveAnswer(question: string, entries: readonly RetrievedEntry[]): string {
  const asked = searchTokens(question);
  const lines = entries.slice(0, 2).map((entry, index) => {
    const sentences = plainText(entry.body)
      .split(/(?<=[。！？；\n])/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const scored = sentences.map((s, at) => ({ s, at, score: coverage(asked, searchTokens(s)) }));
    const best = [...scored]
      .sort((a, b) => b.score - a.score || a.at - b.at)
      .slice(0, 2)
      .sort((a, b) => a.at - b.at)
      .map((x) => x.s.replace(/[；;]$/, '。'))
      .join('');
    return `${entries.length > 1 ? `${index + 1}. ` : ''}${entry.title}：${best}[${index + 1}]`;
  });
  return `根据问答库：\n${lines.join('\n')}`;
}

/**
 * Rewrites citation marks `[n]` in streamed text: a mark naming one of the `count` retrieved entries stays
 * and is remembered, any other is dropped. Text after an unclosed `[` waits (at most a few characters) for
 * the next chunk, so a mark split across chunks is judged whole.
 */
export function createCitationFilter(count: number) {
  const used: number[] = [];
  let pending = '';
  const rewrite = (text: string) =>
    text.replace(/\[(\d{1,3})\]/g, (_, n: string) => {
      const number = Number(n);
      if (number < 1 || number > count) return '';
      if (!used.includes(number)) used.push(number);
      return `[${number}]`;
    });
  return {
    push(chunk: string): string {
      const text = pending + chunk;
      const open = text.lastIndexOf('[');
      if (open >= 0 && !text.includes(']', open) && text.length - open <= 4) {
        pending = text.slice(open);
        return rewrite(text.slice(0, open));
      }
      pending = '';
      return rewrite(text);
    },
    flush(): string {
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
    /** The citation numbers the text kept, in order of first use. */
    used: () => [...used],
  };
}

/**
 * Promises staff must never read from the copilot (and pass on to a client): approval, a rate, a
 * disbursement date. Checked on a model's whole answer; an answer that makes one is replaced.
 */
const PROMISES = [
  /(保证|包|一定|肯定|百分之?百|100%|绝对)(能|可以|会)?(审批)?(通过|批下|批款|过件|下款|放款|获批)/,
  /承诺.{0,8}(利率|额度|放款|下款|审批)/,
  /(利率|年化).{0,6}(保证|一定|肯定|锁定)/,
  /(保证|一定|肯定).{0,8}\d+\s*(天|个工作日|日|号).{0,4}(放款|下款|到账)/,
  /\d+\s*(天|个工作日)内?(保证|一定|肯定)(放款|下款|到账)/,
];
export const makesPromise = (text: string) => PROMISES.some((p) => p.test(text.replace(/\s+/g, '')));

/** Phone numbers and ID numbers a person typed, masked before a question is stored or sent to a model. */
export function maskPersonalData(text: string): string {
  return text
    .replace(/(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2')
    .replace(/(?<![\dA-Za-z])(\d{6})\d{8}(\d{3}[\dXx])(?![\dA-Za-z])/g, '$1********$2');
}

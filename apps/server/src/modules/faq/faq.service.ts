import type { CopilotKind, FaqAnswer, FaqCitation, FaqDetail, FaqListItem, FaqPage } from '@crm/domain/api/faq';
import { toPage } from '@crm/domain/api/page';
import {
  createCitationFilter,
  extractiveAnswer,
  makesPromise,
  maskPersonalData,
  parseFaqBody,
  plainText,
  type RetrievedEntry,
} from '@crm/domain/faq';
import { LlmError, type ChatMessage, type LlmAdapter } from '../../adapters/llm/index.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, TooManyError } from '../../errors.ts';
import { requireActor, type Actor } from '../access/index.ts';
import type { AuthoredEntry } from './faq-authoring.ts';
import type { EntryRow, FaqRepository } from './faq.repository.ts';
import { answers, createRetrieval, RELEVANT, type Ranked } from './retrieval/index.ts';
import { FAQ_TEXTS as T } from './faq.texts.ts';

/*
 * The FAQ and its copilot (issue 14, decision 053; retrieval issue 46, decision 069). Retrieval is BM25F
 * over jieba's words and the trade's synonyms (./retrieval). The copilot answers from an entry directly when
 * one clearly answers, says it does not know when no entry reaches the calibrated relevance (no model
 * called), and otherwise answers from the retrieved entries: through the model when one is configured,
 * extractively when not. Citations name retrieved entries only.
 */

/** How many entries the copilot retrieves and may cite. */
export const RETRIEVE = 4;
export { RELEVANT };
/** An entry this relevant (a question close to its own title), leading the next by LEAD, answers directly. */
export const DIRECT = 0.75;
const LEAD = 0.15;

export type { Ranked };

/** Where the copilot's answer goes as it is made: the SSE stream, or a buffer for the JSON answer. */
export interface AnswerSink {
  delta(text: string): void;
  /** The text so far is withdrawn and replaced by this. */
  replace(text: string): void;
}

const synonymItem = (row: { id: number; words: string[]; updatedAt: Date }) => ({
  id: row.id,
  words: row.words,
  updated_at: row.updatedAt.toISOString(),
});

const summaryOf = (body: string, max = 160) => {
  const text = plainText(body).replaceAll('\n', '');
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('；'));
  return end > 40 ? cut.slice(0, end + 1) : `${cut}…`;
};

const SYSTEM_PROMPT = [
  '你是一家贷款中介公司给内部员工用的问答助手。',
  '只能依据下面编号的问答库条目回答，不得使用条目以外的知识，不得编造银行、产品、数字或流程。',
  '用简体中文，简洁分点；每句事实后用方括号标注出处编号，例如[1]，只能引用下面出现的编号。',
  '条目中没有答案时，只回答：问答库里没有相关内容，建议问组长。',
  '严禁承诺或暗示审批一定通过、具体利率或具体放款日期，这些一律说"以银行审批为准"。',
  '严禁输出任何客户的姓名、电话、身份证号等个人信息。',
].join('\n');

export function createFaqService({
  repo,
  llm,
  now,
  copilotPerMinute,
}: {
  repo: FaqRepository;
  /** null: no model configured, the copilot answers extractively. */
  llm: LlmAdapter | null;
  now: Clock;
  copilotPerMinute: number;
}) {
  const listItem = (row: EntryRow): FaqListItem => ({
    id: row.id,
    title: row.title,
    summary: summaryOf(row.body, 60),
    category_id: row.categoryId,
    category_name: row.categoryName,
    views: row.views,
    helpful: row.helpful,
  });

  const retrieval = createRetrieval(repo);

  /** The best entries for a question, best first, with their relevance (0 to 1). */
  function retrieve(
    corpId: number,
    question: string,
    filter: { typeId?: number; categoryId?: number } = {},
    limit = RETRIEVE,
  ): Promise<Ranked[]> {
    return retrieval.search(corpId, question, filter, limit);
  }

  return {
    retrieve,

    async types(me: Actor) {
      requireActor(me, 'faq.read');
      return repo.types(me.corpId);
    },

    async categories(me: Actor, typeId: number | undefined) {
      requireActor(me, 'faq.read');
      const rows = await repo.categories(me.corpId, typeId);
      return rows.map((r) => ({ id: r.id, type_id: r.typeId, name: r.name }));
    },

    async list(
      me: Actor,
      q: {
        keyword?: string | undefined;
        typeId?: number | undefined;
        categoryId?: number | undefined;
        cursor: number | null;
        limit: number;
      },
    ): Promise<FaqPage> {
      requireActor(me, 'faq.read');
      const filter = {
        ...(q.typeId === undefined ? {} : { typeId: q.typeId }),
        ...(q.categoryId === undefined ? {} : { categoryId: q.categoryId }),
      };
      if (q.keyword) {
        // A search is one page of the best matches, in rank order.
        const ranked = await retrieve(me.corpId, q.keyword, filter, q.limit);
        return {
          list: ranked.filter((r) => r.relevance >= RELEVANT / 2).map((r) => listItem(r.entry)),
          next_cursor: null,
        };
      }
      const rows = await repo.page(me.corpId, filter, { cursor: q.cursor, limit: q.limit });
      return toPage(rows, q.limit, listItem);
    },

    async detail(me: Actor, id: number): Promise<FaqDetail> {
      requireActor(me, 'faq.read');
      if (!(await repo.addView(me.corpId, id))) throw new NotFoundError(T.entryNotFound);
      const row = await repo.entry(me.corpId, id);
      if (!row) throw new NotFoundError(T.entryNotFound);
      return {
        id: row.id,
        title: row.title,
        type_name: row.typeName,
        category_name: row.categoryName,
        blocks: parseFaqBody(row.body).map((b) =>
          b.type === 'image' ? { ...b, url: `/api/crm/faqImage?id=${b.imageId}` } : b,
        ),
        views: row.views,
        helpful: row.helpful,
        not_helpful: row.notHelpful,
        my_vote: await repo.myVote(me.corpId, id, me.id),
        updated_at: row.updatedAt.toISOString(),
      };
    },

    async feedback(me: Actor, id: number, isHelpful: boolean) {
      requireActor(me, 'faq.read');
      const counts = await repo.vote(me.corpId, id, me.id, isHelpful);
      if (!counts) throw new NotFoundError(T.entryNotFound);
      return { helpful: counts.helpful, not_helpful: counts.notHelpful };
    },

    async image(me: Actor, id: number) {
      requireActor(me, 'faq.read');
      const image = await repo.image(me.corpId, id);
      if (!image) throw new NotFoundError(T.imageNotFound);
      return image;
    },

    /**
     * Counts a question against the caller's limit of this minute, before anything is streamed; a 429 with
     * the seconds to wait when the limit is reached.
     */
    async takeSlot(me: Actor) {
      requireActor(me, 'faq.ask');
      if (copilotPerMinute === 0) return;
      const time = now().getTime();
      const windowStart = new Date(time - (time % 60_000));
      if (!(await repo.takeCopilotSlot(me.corpId, me.id, windowStart, copilotPerMinute))) {
        const seconds = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - time) / 1000));
        throw new TooManyError(T.tooMany(seconds), seconds);
      }
    },

    /** Answers a question into `sink` as it is made, logs it, and returns the whole answer. */
    async ask(me: Actor, rawQuestion: string, sink: AnswerSink, signal?: AbortSignal): Promise<FaqAnswer> {
      requireActor(me, 'faq.ask');
      // The question may carry a client's phone or ID number: neither is stored nor sent to a model.
      const question = maskPersonalData(rawQuestion);
      const found = await retrieve(me.corpId, question);
      const ranked = found.filter(answers);
      const retrieved: RetrievedEntry[] = ranked.map((r) => r.entry);
      const citation = (n: number): FaqCitation | null => {
        const entry = retrieved[n - 1];
        return entry ? { n, id: entry.id, title: entry.title } : null;
      };
      let kind: CopilotKind;
      let text = '';
      let cited: number[] = [];
      const say = (part: string) => {
        text += part;
        sink.delta(part);
      };
      const top = ranked[0];
      const second = ranked[1];
      if (!top) {
        kind = 'unknown';
        say(T.unknown);
      } else if (top.relevance >= DIRECT && (!second || top.relevance - second.relevance >= LEAD)) {
        kind = 'direct';
        say(`${T.direct}\n${top.entry.title}：${summaryOf(top.entry.body, 220)}[1]`);
        cited = [1];
      } else if (!llm) {
        kind = 'extractive';
        say(extractiveAnswer(question, retrieved));
        cited = retrieved.slice(0, 2).map((_, i) => i + 1);
      } else {
        kind = 'model';
        const filter = createCitationFilter(retrieved.length);
        const messages: ChatMessage[] = [
          {
            role: 'system',
            content: `${SYSTEM_PROMPT}\n\n${retrieved
              .map((e, i) => `[${i + 1}] ${e.title}\n${plainText(e.body).slice(0, 1200)}`)
              .join('\n\n')}`,
          },
          { role: 'user', content: question },
        ];
        const fallBack = (prefix: string) => {
          kind = 'extractive';
          text = `${prefix}\n${extractiveAnswer(question, retrieved)}`;
          cited = retrieved.slice(0, 2).map((_, i) => i + 1);
          sink.replace(text);
        };
        try {
          for await (const chunk of llm.stream(messages, signal)) {
            const shown = filter.push(chunk);
            if (shown) say(shown);
          }
          const rest = filter.flush();
          if (rest) say(rest);
          cited = filter.used();
          if (makesPromise(text)) fallBack(T.promiseWithdrawn);
        } catch (error) {
          if (!(error instanceof LlmError) && !signal?.aborted) throw error;
          fallBack(T.modelFailed);
        }
      }
      const citations = cited.map(citation).filter((c): c is FaqCitation => c !== null);
      const id = await repo.logQuestion({
        corpId: me.corpId,
        staffId: me.id,
        question,
        answer: text,
        kind,
        citedIds: citations.map((c) => c.id),
        // The best relevance even when below the threshold: the log recalibrates it on real questions.
        topScore: Math.round((found[0]?.relevance ?? 0) * 100),
        createdAt: now(),
      });
      const leader = kind === 'unknown' ? await repo.teamLeader(me.corpId, me.id) : null;
      return { id, question, answer: text, kind, citations, leader };
    },

    /** The caller's conversation, oldest first (the page shows it as a chat). */
    async history(me: Actor): Promise<FaqAnswer[]> {
      requireActor(me, 'faq.read');
      const rows = (await repo.history(me.corpId, me.id, 30)).reverse();
      const titles = await repo.titles(me.corpId, [...new Set(rows.flatMap((r) => r.citedIds))]);
      return rows.map((row) => ({
        id: row.id,
        question: row.question,
        answer: row.answer,
        kind: row.kind,
        // Numbered as the answer numbered them: the cited ids in citation order.
        citations: row.citedIds.flatMap((id, i) => {
          const title = titles.get(id);
          return title === undefined ? [] : [{ n: citationNumbers(row.answer)[i] ?? i + 1, id, title }];
        }),
        leader: null,
      }));
    },

    /** The company's own synonym groups (back office, company admins), oldest first. */
    async synonyms(me: Actor) {
      requireActor(me, 'admin.company');
      const rows = await repo.synonyms(me.corpId);
      return { list: rows.map(synonymItem) };
    },

    /** Adds or rewrites a group; the next question rebuilds the company's index with it. */
    async saveSynonym(me: Actor, form: { id: number | null; words: string[] }) {
      requireActor(me, 'admin.company');
      const row = await repo.saveSynonym(me.corpId, me.id, form.id, form.words, now());
      if (!row) throw new NotFoundError(T.synonymNotFound);
      return synonymItem(row);
    },

    async deleteSynonym(me: Actor, id: number) {
      requireActor(me, 'admin.company');
      if (!(await repo.deleteSynonym(me.corpId, me.id, id, now()))) throw new NotFoundError(T.synonymNotFound);
      return null;
    },

    /** The questions the copilot refused, one row per wording, newest first (back office, company admins). */
    async unansweredPage(me: Actor, page: { cursor: number | null; limit: number }) {
      requireActor(me, 'admin.company');
      const [rows, counts] = await Promise.all([
        repo.unansweredPage(me.corpId, page.cursor, page.limit),
        repo.unansweredCount(me.corpId),
      ]);
      const shown = toPage(rows, page.limit, (r) => ({
        id: r.id,
        question: r.question,
        times: r.times,
        last_asked_at: r.lastAskedAt.toISOString(),
        last_asker: r.lastAsker,
        best_score: r.bestScore,
        handled: r.handled,
      }));
      return { ...shown, ...counts };
    },

    /** Marks a refused question (every ask of its wording) 已处理. */
    async markHandled(me: Actor, id: number) {
      requireActor(me, 'admin.company');
      const handled = await repo.markHandled(me.corpId, id, now());
      if (handled === null) throw new NotFoundError(T.unansweredNotFound);
      return { handled };
    },

    /** Imports authored entries into a company (the admin command and the seed). */
    importEntries(corpId: number, entries: AuthoredEntry[]) {
      return repo.importEntries(corpId, now(), async ({ typeId, categoryId }) => {
        const writes = [];
        for (const entry of entries) {
          const type = await typeId(entry.type);
          const category = await categoryId(type, entry.category);
          writes.push({
            key: entry.key,
            typeId: type,
            categoryId: category,
            title: entry.title,
            keywords: entry.keywords,
            images: entry.images ?? [],
            body: (ids: Map<string, number>) =>
              entry.body.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, alt: string, name: string) => {
                const id = ids.get(name);
                return id === undefined ? whole : `![${alt}](faq-image:${id})`;
              }),
          });
        }
        return writes;
      });
    },

    unanswered: (corpId: number) => repo.unanswered(corpId, 100),
  };
}

/** The citation numbers an answer's text uses, in order of first use. */
function citationNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const [, n] of text.matchAll(/\[(\d{1,2})\]/g)) if (!seen.includes(Number(n))) seen.push(Number(n));
  return seen;
}

export type FaqService = ReturnType<typeof createFaqService>;

import * as E from '@crm/domain/endpoints/faq';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FaqAnswer, FaqCategory, FaqDetail, FaqListItem, FaqType } from '@crm/domain/api/faq';
import { describe, expect, it } from 'vitest';
import { fail, findToast, network, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';

const TYPES: FaqType[] = [
  { id: 1, name: '产品政策' },
  { id: 2, name: '材料与补件' },
];
const CATEGORIES: FaqCategory[] = [
  { id: 11, type_id: 1, name: '银行与产品' },
  { id: 21, type_id: 2, name: '补件' },
];
const anItem = (over: Partial<FaqListItem> = {}): FaqListItem => ({
  id: 5,
  title: '银行要求补件时需要准备哪些材料？',
  summary: '补件是银行审批中发现材料不全…',
  category_id: 21,
  category_name: '补件',
  views: 12,
  helpful: 3,
  ...over,
});
const aDetail = (over: Partial<FaqDetail> = {}): FaqDetail => ({
  id: 5,
  title: '银行要求补件时需要准备哪些材料？',
  type_name: '材料与补件',
  category_name: '补件',
  blocks: [
    { type: 'paragraph', text: '常见补件和**对应材料**：' },
    { type: 'item', text: '收入存疑：补工资流水', ordered: true },
    { type: 'image', alt: '补件处理流程', imageId: 9, url: '/api/crm/faqImage?id=9' },
  ],
  views: 13,
  helpful: 3,
  not_helpful: 0,
  my_vote: null,
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const anAnswer = (over: Partial<FaqAnswer> = {}): FaqAnswer => ({
  id: 1,
  question: '补件要什么',
  answer: '根据问答库：\n银行要求补件时需要准备哪些材料？：收入存疑补工资流水。[1]',
  kind: 'extractive',
  citations: [{ n: 1, id: 5, title: '银行要求补件时需要准备哪些材料？' }],
  leader: null,
  ...over,
});

describe('/faq/index', () => {
  it('shows the types with their categories, and searches', async () => {
    const view = await renderPage('/faq/index', {
      api: [on(E.faqType, ok(TYPES)), on(E.faqCategory, ok(CATEGORIES))],
    });
    expect(await screen.findByText('银行与产品')).toBeTruthy();
    expect(screen.getByText('材料与补件')).toBeTruthy();
    await tap(screen.getByText('补件'));
    await waitFor(() => expect(view.pathname()).toBe('/faq/list'));
  });

  it('says when the FAQ is empty', async () => {
    await renderPage('/faq/index', { api: [on(E.faqType, ok([])), on(E.faqCategory, ok([]))] });
    expect(await screen.findByText('问答库还没有内容')).toBeTruthy();
  });

  it('shows a network failure with a retry', async () => {
    const view = await renderPage('/faq/index', {
      api: [on(E.faqType, network.httpError(500)), on(E.faqCategory, ok([]))],
    });
    view.api.set([on(E.faqCategory, ok(CATEGORIES))]);
    await view.retryFailedLoad(network.message, E.faqType, ok(TYPES));
    expect(await screen.findByText('银行与产品')).toBeTruthy();
  });
});

describe('/faq/list', () => {
  it('searches by the keyword and opens an entry', async () => {
    const view = await renderPage('/faq/list?keyword=补件', { api: [on(E.faqList, ok(pageOf([anItem()])))] });
    expect(await screen.findByText('银行要求补件时需要准备哪些材料？')).toBeTruthy();
    expect(view.api.lastCall(E.faqList).fields).toMatchObject({ keyword: '补件', cursor: '' });
    await tap(screen.getByText('银行要求补件时需要准备哪些材料？'));
    await waitFor(() => expect(view.pathname()).toBe('/faq/detail/5'));
  });

  it('offers the copilot when nothing is found', async () => {
    await renderPage('/faq/list?keyword=午饭', { api: [on(E.faqList, ok(pageOf([])))] });
    expect(await screen.findByText('没有找到相关问答')).toBeTruthy();
    expect(screen.getByText('换个说法，或者问AI助手')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    await renderPage('/faq/list?keyword=x', { api: [on(E.faqList, fail('搜索词不能超过100个字'))] });
    expect(await screen.findByText('搜索词不能超过100个字')).toBeTruthy();
  });
});

describe('/faq/detail/:id', () => {
  it('shows the entry with its image, and votes', async () => {
    const view = await renderPage('/faq/detail/5', {
      api: [on(E.faqDetail, ok(aDetail())), on(E.faqFeedback, ok({ helpful: 4, not_helpful: 0 }, '感谢反馈'))],
    });
    expect(await screen.findByText('对应材料')).toBeTruthy();
    expect(screen.getByText('收入存疑：补工资流水')).toBeTruthy();
    expect(screen.getByRole('button', { name: '补件处理流程' })).toBeTruthy();
    await tap(screen.getByText(/有帮助/));
    await findToast('感谢反馈');
    expect(view.api.lastCall(E.faqFeedback).fields).toEqual({ id: '5', helpful: 'true' });
    expect(await screen.findByText(/有帮助 4/)).toBeTruthy();
  });

  it('shows an entry that is not there as its message, with a retry', async () => {
    await renderPage('/faq/detail/99', { api: [on(E.faqDetail, fail('问答不存在', 404))] });
    expect(await screen.findByText('问答不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('/faq/copilot', () => {
  it('shows the conversation, asks, and links each citation to its entry', async () => {
    const view = await renderPage('/faq/copilot', {
      api: [on(E.faqCopilotHistory, ok([])), on(E.faqCopilot, ok(anAnswer()))],
    });
    fireEvent.change(await screen.findByPlaceholderText(/输入你的问题/), { target: { value: '补件要什么' } });
    await tap(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('问答库摘录')).toBeTruthy();
    expect(view.api.lastCall(E.faqCopilot).fields).toEqual({ question: '补件要什么' });
    await tap(screen.getByRole('link', { name: '出处1：银行要求补件时需要准备哪些材料？' }));
    await waitFor(() => expect(view.pathname()).toBe('/faq/detail/5'));
  });

  it('scrolls the newest answer’s end into view above the input bar, not behind it', async () => {
    const scrolls: { target: HTMLElement; options: unknown }[] = [];
    const barHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('faq-ask') ? 72 : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement, options: unknown) {
        scrolls.push({ target: this, options });
      },
    });
    try {
      await renderPage('/faq/copilot', {
        api: [on(E.faqCopilotHistory, ok([])), on(E.faqCopilot, ok(anAnswer()))],
      });
      fireEvent.change(await screen.findByPlaceholderText(/输入你的问题/), { target: { value: '补件要什么' } });
      await tap(screen.getByRole('button', { name: '发送' }));
      const answer = await screen.findByText('问答库摘录');
      await waitFor(() => {
        const last = scrolls.at(-1);
        expect(last?.options).toEqual({ block: 'end' });
        expect(last?.target.style.scrollMarginBottom).toBe('72px');
        // The marker scrolled to comes after the whole newest answer.
        const bubble = answer.closest('.faq-bubble') as HTMLElement;
        expect(bubble.compareDocumentPosition(last!.target) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        expect(bubble.contains(last!.target)).toBe(false);
      });
    } finally {
      if (barHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', barHeight);
      if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
      else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('offers the team leader when the FAQ has no answer', async () => {
    await renderPage('/faq/copilot', {
      api: [
        on(
          E.faqCopilotHistory,
          ok([
            anAnswer({
              kind: 'unknown',
              answer: '问答库里没有找到',
              citations: [],
              leader: { name: '李建国', phone: '13800000002' },
            }),
          ]),
        ),
      ],
    });
    expect(await screen.findByText('问组长 李建国')).toBeTruthy();
  });

  it('keeps the question and says why when the copilot refuses (too many questions)', async () => {
    await renderPage('/faq/copilot', {
      api: [on(E.faqCopilotHistory, ok([])), on(E.faqCopilot, fail('提问太频繁，请30秒后再试', 429))],
    });
    fireEvent.change(await screen.findByPlaceholderText(/输入你的问题/), { target: { value: '补件要什么' } });
    await tap(screen.getByRole('button', { name: '发送' }));
    await findToast('提问太频繁，请30秒后再试');
    expect(screen.getByPlaceholderText<HTMLTextAreaElement>(/输入你的问题/).value).toBe('补件要什么');
  });

  it('shows a history that failed to load, with a retry', async () => {
    const view = await renderPage('/faq/copilot', { api: [on(E.faqCopilotHistory, network.httpError(500))] });
    await view.retryFailedLoad(network.message, E.faqCopilotHistory, ok([]));
    expect(await screen.findByText(/我只根据公司问答库回答/)).toBeTruthy();
  });
});

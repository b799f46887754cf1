import {
  faqAnswerSchema,
  faqCategoryRequestSchema,
  faqCopilotRequestSchema,
  faqCategoryListSchema,
  faqDetailSchema,
  faqFeedbackRequestSchema,
  faqFeedbackSchema,
  faqHistorySchema,
  faqIdRequestSchema,
  faqListRequestSchema,
  faqPageSchema,
  faqTypeListSchema,
} from '../../api/faq.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The FAQ: types, categories, the searchable list, a question's detail, my history and feedback. */

export const faqType = endpoint({
  path: '/api/crm/faqType',
  summary: '问答分类（业务类型）',
  request: noFieldsSchema,
  response: faqTypeListSchema,
});

export const faqCategory = endpoint({
  path: '/api/crm/faqCategory',
  summary: '问答子分类',
  request: faqCategoryRequestSchema,
  response: faqCategoryListSchema,
});

export const faqList = endpoint({
  path: '/api/crm/faqList',
  summary: '问答列表与搜索',
  request: faqListRequestSchema,
  response: faqPageSchema,
});

export const faqDetail = endpoint({
  path: '/api/crm/faqDetail',
  summary: '问答详情（计一次浏览）',
  request: faqIdRequestSchema,
  response: faqDetailSchema,
});

export const faqFeedback = endpoint({
  path: '/api/crm/faqFeedback',
  summary: '有帮助 / 没帮助',
  request: faqFeedbackRequestSchema,
  response: faqFeedbackSchema,
});

export const faqCopilotHistory = endpoint({
  path: '/api/crm/faqCopilotHistory',
  summary: '我和智能助手的对话',
  request: noFieldsSchema,
  response: faqHistorySchema,
});

/**
 * One question to the assistant. A client that asks for `text/event-stream` reads server-sent events
 * (copilotEventSchema) ending with this answer; any other answers the envelope with it.
 */
export const faqCopilot = endpoint({
  path: '/api/crm/faqCopilot',
  summary: '智能助手提问（Accept: text/event-stream 时流式返回）',
  request: faqCopilotRequestSchema,
  response: faqAnswerSchema,
});

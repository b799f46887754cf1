import {
  faqSynonymIdSchema,
  faqSynonymListSchema,
  faqSynonymSaveSchema,
  faqSynonymSchema,
  faqUnansweredHandledSchema,
  faqUnansweredHandleSchema,
  faqUnansweredPageSchema,
  faqUnansweredRequestSchema,
} from '../../api/faq-authoring.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* The back office's FAQ authoring beside the entries (issue 46): the company's synonyms, the unanswered questions. */

export const faqSynonyms = endpoint({
  path: '/api/admin/faq/synonyms',
  summary: '后台：本公司的问答同义词',
  request: noFieldsSchema,
  response: faqSynonymListSchema,
});

export const faqSynonymSave = endpoint({
  path: '/api/admin/faq/synonyms/save',
  summary: '后台：新建或修改一组同义词（问答检索立即生效）',
  request: faqSynonymSaveSchema,
  response: faqSynonymSchema,
});

export const faqSynonymDelete = endpoint({
  path: '/api/admin/faq/synonyms/delete',
  summary: '后台：删除一组同义词',
  request: faqSynonymIdSchema,
  response: nullSchema,
});

export const faqUnanswered = endpoint({
  path: '/api/admin/faq/unanswered',
  summary: '后台：智能助手没答上的问题（新的在前，相同问题合并计次）',
  request: faqUnansweredRequestSchema,
  response: faqUnansweredPageSchema,
});

export const faqUnansweredHandle = endpoint({
  path: '/api/admin/faq/unanswered/handle',
  summary: '后台：把一个没答上的问题标为已处理',
  request: faqUnansweredHandleSchema,
  response: faqUnansweredHandledSchema,
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { userinfoResponseSchema } from '@crm/domain/api/auth';
import { caseDetailSchema, clientListResponseSchema } from '@crm/domain/api/cases';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { HOT_ROUTES } from '../app.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { compileFastSerializer } from './fast-serializer.ts';

const zodWrite = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

const userinfo = {
  id: 7,
  total: { pending: 1, service: 0, remind: 2, exam: 0, appeal: 3, sign: 0, reject: 0, proof: 1, confirm: 0, audit: 0 },
  signer_list: [{ id: 8, name: '王"小明', sex: 1 }],
  notice: [{ status: 'warning', text: '系统维护\n今晚' }],
  near_pool: [{ id: 5, name: '蒋"近海', due_at: '2026-12-03T00:00:00.000Z' }],
  user: {
    id: 7,
    name: '张三',
    corp_id: 1,
    corp_name: '示例',
    job: [1, 2],
    leader: true,
    reject_approver: false,
    admin: true,
  },
};
const page = {
  list: [
    {
      id: 3,
      name: '客户',
      phone: '139****0001',
      status: 2,
      amount_fen: 1_000_000,
      term: 12,
      owner_name: '张三',
      reject_reason: '',
      created_at: '2026-11-27T00:00:00.000Z',
      consent: true,
    },
  ],
  next_cursor: null,
};

describe('answers written from the JSON schema (decision 060)', () => {
  it.each([
    ['userinfo', userinfoResponseSchema, userinfo],
    ['clientList', clientListResponseSchema, page],
    ['clientList, a next page', clientListResponseSchema, { ...page, next_cursor: 3 }],
  ] as const)('writes the same JSON as zod for %s, and the refusal envelope', (_name, schema, data) => {
    const envelope = envelopeSchema(schema as z.ZodType);
    const fast = compileFastSerializer(envelope);
    expect(fast).not.toBeNull();
    for (const answer of [
      { code: 0, msg: 'ok', data },
      { code: 1, msg: '用户无效', data: null },
    ])
      expect(JSON.parse(fast!(answer))).toEqual(JSON.parse(zodWrite(envelope)(answer)));
  });

  it('sends only the fields of the schema, as zod did: a column a handler adds by mistake stays home', () => {
    const fast = compileFastSerializer(envelopeSchema(clientListResponseSchema))!;
    const leaked = { ...page, list: [{ ...page.list[0], id_number: '110101199001011234' }] };
    expect(fast({ code: 0, msg: 'ok', data: leaked })).not.toContain('110101199001011234');
  });

  it('refuses an answer missing a required field rather than sending half of it', () => {
    const fast = compileFastSerializer(envelopeSchema(caseDetailSchema))!;
    expect(() => fast({ code: 0, msg: 'ok', data: { id: 1 } })).toThrow();
  });
});

describe('the hot routes', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  it('are registered routes whose answers have a JSON schema (none falls back to zod unnoticed)', () => {
    for (const hot of HOT_ROUTES) {
      const route = test.app.routeTable.find(({ method, url }) => `${method} ${url}` === hot);
      expect(route, hot).toBeDefined();
      const response = (route!.schema as { response?: Record<number, z.ZodType> } | undefined)?.response?.[200];
      expect(response, hot).toBeDefined();
      expect(compileFastSerializer(response!), hot).not.toBeNull();
    }
  });
});

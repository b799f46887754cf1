import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { loginAs } from '../test/http.ts';

let test: TestApp;
let cookie: string;

beforeAll(async () => {
  test = await buildTestApp();
  const company = await createCompany(test.db);
  cookie = await loginAs(test, await createStaff(test.db, company.id));
});
afterAll(() => test.close());

describe('refusals of the schemas', () => {
  it('says a body-less POST lacks its parameters, in Chinese', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/crm/addAppeal', headers: { cookie } });
    expect(response.json()).toMatchObject({ code: 1, msg: '请求参数缺失' });
  });

  it("answers a field without a message of its own in zod's Chinese, not its English", async () => {
    // house_type's bounds carry no message of their own (packages/domain/src/api/house.ts).
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/crm/getHouseImg?id=1&house_type=99',
      headers: { cookie },
    });
    const { code, msg } = response.json<{ code: number; msg: string }>();
    expect(code).toBe(1);
    expect(msg).toMatch(/[\u4e00-\u9fff]/);
    expect(msg).not.toMatch(/Invalid|expected|received/);
  });

  it('refuses a NUL byte in any field before a schema or the database sees it', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/addAppeal',
      payload: { client_id: 1, reason: 'a\u0000b' },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, msg: '内容包含无效字符', data: null });
  });

  it('refuses an id past the integer column in Chinese, at the schema', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/crm/detail?id=${2 ** 31}`,
      headers: { cookie },
    });
    const { code, msg } = response.json<{ code: number; msg: string }>();
    expect(code).toBe(1);
    expect(msg).not.toBe('参数超出范围');
    expect(msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it("answers an address past the parser's limit with the envelope, not a bare 431", async () => {
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/crm/clientList?keyword=${'9'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ code: 1, msg: '请求地址或请求头过长', data: null });
  });
});

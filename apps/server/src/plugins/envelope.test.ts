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

  // Issue 38's examples: zod's type talk (无效输入：期望 string，实际接收 undefined, 数值过大：期望 number <=7,
  // 无效选项：期望以下之一 "sent"|…) where a field has no message of its own. request-messages.test.ts walks the rest.
  it.each([
    ['GET', '/common/img/1', {}, '链接有效期: 请填写数字'],
    ['POST', '/api/crm/taskList', {}, '列表类型: 请填写数字'],
    ['GET', '/api/wechat/wwlogin', {}, '公司: 请填写数字'],
    ['GET', '/api/crm/getHouseImg', { id: '1', house_type: '99' }, '图片类型: 不能大于 7'],
    ['POST', '/api/esign/list', { status: 'lost' }, '状态: 不是可选的值'],
  ] as const)('refuses a field without a message of its own by its name (%s %s)', async (method, url, fields, msg) => {
    const response = await test.app.inject({
      method,
      url,
      ...(method === 'GET' ? { query: fields } : { payload: fields }),
      headers: { cookie },
    });
    expect(response.json()).toMatchObject({ code: 1, msg, data: null });
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

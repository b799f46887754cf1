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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { postFile } from '../test/factories-money.ts';
import { loginAs } from '../test/http.ts';
import { IMAGE_UPLOAD_CONFIG } from './multipart.ts';

const LIMIT = 8;
const OFFICE = '10.1.2.3';
let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
});
afterAll(() => test.close());

const corpFrom = (headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: '/api/crm/corp', remoteAddress: OFFICE, headers });

describe('rate limits that fit an office', () => {
  it('gives each signed-in person behind one address a budget of their own', async () => {
    const company = await createCompany(test.db);
    const [first, second] = await Promise.all([createStaff(test.db, company.id), createStaff(test.db, company.id)]);
    const cookies = [await loginAs(test, first), await loginAs(test, second)];
    for (const cookie of cookies) {
      for (let i = 0; i < LIMIT; i += 1) expect((await corpFrom({ cookie })).statusCode).toBe(200);
    }
    const over = await corpFrom({ cookie: cookies[0] ?? '' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ msg: '请求过于频繁，请稍后再试' });
  });

  it('counts callers without a session by their address', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i += 1) answers.push((await corpFrom({})).statusCode);
    expect(answers.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('never counts static assets or pages', async () => {
    for (let i = 0; i < LIMIT * 3; i += 1) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/assets/chunk-${i}.js`,
        remoteAddress: '10.9.9.9',
      });
      expect(response.statusCode).not.toBe(429);
    }
  });

  it.each(['/api/ysb/uploadImg', '/api/crm/addHouseImg'])(
    "gives %s the image uploads' own budget, the same for house documents as for repayment proofs",
    async (url) => {
      const company = await createCompany(test.db);
      const cookie = await loginAs(test, await createStaff(test.db, company.id));
      const { max } = IMAGE_UPLOAD_CONFIG.rateLimit;
      const statuses = [];
      // No file: refused by the route, but counted like any call (the budget is spent before the body is read).
      for (let i = 0; i <= max; i += 1)
        statuses.push((await postFile(test, url, { id: 1 }, null, { cookie })).statusCode);
      expect(statuses.slice(0, max).includes(429)).toBe(false);
      expect(statuses.at(-1)).toBe(429);
    },
  );
});

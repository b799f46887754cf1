import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import * as E from '@crm/domain/endpoints/retention';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { staffCookie } from '../test/sessions.ts';
import { createRetentionRepository, createRetentionService } from '../modules/retention/index.ts';
import { clients } from './schema/cases.ts';
import { seedDemo } from './seed.ts';

/* Retention's demo (decision 071): what the README's walk-through shows, on a clock of the test's own. */
const at = new Date('2031-06-01T02:00:00.000Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => at });
  await seedDemo(test.db, () => at);
});
afterAll(() => test.close());

describe('retention demo data', () => {
  it('has a case closed six years ago that the first sweep erases, and one closed lately it keeps', async () => {
    await createRetentionService({ repo: createRetentionRepository(test.db), now: () => at }).sweep();
    const rows = await test.db
      .select({ phone: clients.phone, name: clients.name, amountFen: clients.amountFen })
      .from(clients)
      .where(inArray(clients.remarks, ['演示：保存期限', '']))
      .then((all) => all.filter((r) => r.amountFen === 8_000_000 || r.name === '孙退单'));
    expect(rows).toEqual(
      expect.arrayContaining([
        { phone: '', name: '（已删除）', amountFen: 8_000_000 },
        { phone: '13512340303', name: '孙退单', amountFen: 4_000_000 },
      ]),
    );
  });

  it('lets 何管理 (50) find 孙退单 by phone as erasable', async () => {
    const cookie = await staffCookie(test, { corpId: 1, id: 50 });
    const answer = await test.app.inject({
      method: 'POST',
      url: E.subjectFind.path,
      headers: { cookie },
      payload: { who: '13512340303' },
    });
    expect(answer.json()).toMatchObject({
      code: 0,
      data: { records: [{ kind: 'case', name: '孙退单', phone: '135****0303', keep_reason: '' }] },
    });
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommit, ImportPreview } from '@crm/domain/api/adminio';
import { clients } from '../../db/schema/cases.ts';
import { staff } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import { call, clientRow, sheet, staffRow, upload } from './adminio.test-helpers.ts';

/*
 * The same file uploaded several times and committed at once adds each record once (decision 059). The
 * uploads are separate imports, so the import's row lock does not order them: the natural keys in the
 * database do (the unique staff phone per company, the one-open-case-per-ID-number index), and a commit
 * that loses a batch to another checks it again and skips what is there. It proves something only on
 * PostgreSQL (PGlite runs one transaction at a time) and passes on both:
 *   DATABASE_URL=postgres://… npx vitest run --project server src/modules/adminio/adminio.import.race.test.ts
 */

describe('importing the same file at once, several times', () => {
  let test: TestApp;
  let admin: string;
  let corpId: number;
  let sellerPhone: string;

  beforeAll(async () => {
    test = await buildTestApp();
    const corp = await createCompany(test.db, '并发导入公司');
    corpId = corp.id;
    admin = await staffCookie(test, await createAdmin(test.db, corp.id, { name: '导入管理员' }));
    sellerPhone = (await createStaff(test.db, corp.id, { name: '并发业务员' })).phone;
  });
  afterAll(() => test.close());

  const countOf = async (table: typeof staff | typeof clients) =>
    (await test.db.select({ n: count() }).from(table).where(eq(table.corpId, corpId)))[0]?.n ?? 0;

  /** Three uploads of one file, then their three commits at the same moment. */
  async function commitTogether(kind: 'staff' | 'clients', rows: string[][]) {
    const file = await sheet(kind, rows);
    const previews = await Promise.all([1, 2, 3].map(() => upload<ImportPreview>(test, admin, kind, file)));
    for (const preview of previews) expect(preview.body.data.valid).toBe(rows.length);
    return Promise.all(
      previews.map((preview) =>
        call<ImportCommit>(test, admin, 'POST', '/api/admin/import/commit', { import_id: preview.body.data.import_id }),
      ),
    );
  }

  it.each([
    ['staff', (i: number) => staffRow(5000 + i), staff],
    ['clients', (i: number) => clientRow(i, '') /* owner set below */, clients],
  ] as const)('%s: every row lands once, the other commits skip it', async (kind, makeRow, table) => {
    const rows = Array.from({ length: 450 }, (_, i) => {
      const row = makeRow(i);
      if (kind === 'clients') row[6] = sellerPhone;
      return row;
    });
    const before = await countOf(table);
    const answers = await commitTogether(kind, rows);
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0]);
    expect(await countOf(table)).toBe(before + 450);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.imported, 0)).toBe(450);
    for (const answer of answers) {
      expect(answer.body.data.errors).toEqual([]);
      expect(answer.body.data.imported + answer.body.data.skipped.length).toBe(450);
    }
  });
});

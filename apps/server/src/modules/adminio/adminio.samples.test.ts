import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, WecomSyncResult } from '@crm/domain/api/adminio';
import { seedDemo } from '../../db/seed.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createDemoWecomAdapter } from '../../adapters/wecom/index.ts';
import { staffCookie } from '../../test/sessions.ts';
import { call, upload } from './adminio.test-helpers.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../fixtures/import');

/** What the README tells the demo admin to do: the sample files and the sync button, on the seeded demo. */
describe('the demo: 何管理 imports the sample files and syncs the offline WeCom directory', () => {
  let test: TestApp;
  let admin: string;
  beforeAll(async () => {
    test = await buildTestApp({ wecom: createDemoWecomAdapter() });
    expect(await seedDemo(test.db)).toBe(true);
    admin = await staffCookie(test, { corpId: 1, id: 50 });
  });
  afterAll(() => test.close());

  it.each([
    ['staff', 'staff-sample.xlsx', 4],
    ['clients', 'clients-sample.xlsx', 5],
  ] as const)('imports fixtures/import/%s without an error', async (kind, file, rows) => {
    const preview = await upload<ImportPreview>(test, admin, kind, fs.readFileSync(path.join(fixtures, file)));
    expect(preview.body.data).toMatchObject({ total: rows, valid: rows, errors: [] });
    const commit = await call(test, admin, 'POST', '/api/admin/import/commit', {
      import_id: preview.body.data.import_id,
    });
    expect(commit.body).toMatchObject({ code: 0, data: { imported: rows } });
  });

  it('adds 陈新人 from the demo directory and switches off only 郑离职, whom WeCom no longer lists', async () => {
    const { body } = await call<WecomSyncResult>(test, admin, 'POST', '/api/admin/wecomSync');
    expect(body.data.created).toEqual([expect.objectContaining({ name: '陈新人', userid: 'chenxinren' })]);
    // The handover demo's leaver (decision 066) has left WeCom: a sync is one way the back office learns it.
    expect(body.data.disabled).toEqual([expect.objectContaining({ name: '郑离职', userid: 'zhenglizhi' })]);
    expect(body.data.skipped).toEqual([expect.objectContaining({ userid: 'demo-wecom-user' })]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '@crm/domain/api/adminio';
import { createStorageFromConfig } from '../../adapters/create-adapters.ts';
import { createDemoWecomAdapter } from '../../adapters/wecom/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import { call } from './adminio.test-helpers.ts';
import { createAdminioRepository } from './adminio.repository.ts';
import { createAdminioService, KEEP_MS } from './adminio.service.ts';

describe('the hourly sweep of uploads and exports', () => {
  let clock = new Date('2026-11-20T08:00:00Z').getTime();
  let test: TestApp;
  let admin: string;
  beforeAll(async () => {
    test = await buildTestApp({ now: () => new Date(clock) });
    const corp = await createCompany(test.db);
    const person = await createAdmin(test.db, corp.id);
    admin = await staffCookie(test, person);
  });
  afterAll(() => test.close());

  it('removes an export and its file a day after it was made, not before', async () => {
    const started = await call<ExportStatus>(test, admin, 'POST', '/api/admin/export/start', { kind: 'cases' });
    let status = started.body.data;
    for (let i = 0; i < 500 && status.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await call<ExportStatus>(test, admin, 'GET', '/api/admin/export/status', { id: status.id })).body.data;
    }
    expect(status.status).toBe('done');
    const storage = createStorageFromConfig(test.config);
    const service = createAdminioService({
      repo: createAdminioRepository(test.db),
      storage,
      wecom: createDemoWecomAdapter(),
      secret: test.config.sessionSecret,
      now: () => new Date(clock),
    });
    expect(await service.sweepExpired()).toBe(0);
    const download = await test.app.inject({ method: 'GET', url: status.download_url!, headers: { cookie: admin } });
    expect(download.statusCode).toBe(200);

    clock += KEEP_MS + 1000;
    expect(await service.sweepExpired()).toBe(1);
    const gone = await call(test, admin, 'GET', '/api/admin/export/status', { id: status.id });
    expect(gone).toMatchObject({ status: 404, body: { msg: '导出记录不存在' } });
  });
});

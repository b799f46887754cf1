import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalOcr } from '../../adapters/ocr/index.ts';
import { createLocalStorage } from '../../adapters/storage/index.ts';
import { files } from '../../db/schema/files.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMoneyWorld, makeJpeg, postFile } from '../../test/factories-money.ts';
import { loginAs, postForm } from '../../test/http.ts';
import { createAccess, createAccessRepository } from '../access/index.ts';
import { createMoneyRepository } from './money.repository.ts';
import { createMoneyService, UNATTACHED_MAX_AGE_MS } from './money.service.ts';

let clock = new Date('2026-11-21T08:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
});
afterAll(() => test.close());

describe('sweepUnattachedImages', () => {
  it('removes images a form never used once a day old, and keeps used and recent ones', async () => {
    const root = path.join(test.config.dataDir, 'files');
    const service = createMoneyService({
      repo: createMoneyRepository(test.db),
      access: createAccess({ repo: createAccessRepository(test.db) }),
      storage: createLocalStorage(root),
      // Never called by the sweep; the engine only starts on first use.
      ocr: createLocalOcr(),
      secret: test.config.sessionSecret,
      now: () => clock,
    });
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const upload = async () =>
      (await postFile(test, '/api/ysb/uploadImg', { id: w.theCase.id }, await makeJpeg({ width: 200, height: 150 }), { cookie })).json<{ data: { image: { id: number } } }>().data.image.id;
    const abandoned = await upload();
    const used = await upload();
    await postForm(test.app, '/api/crm/proof', { id: w.theCase.id, type: 5, imgs: String(used) }, { cookie });
    const count = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

    expect(await service.sweepUnattachedImages()).toBe(0);
    clock = new Date(clock.getTime() + UNATTACHED_MAX_AGE_MS + 60_000);
    const recent = await upload();
    const before = count();
    expect(await service.sweepUnattachedImages()).toBe(1);
    expect(count()).toBe(before - 2);
    const left = (await test.db.select({ id: files.id }).from(files)).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([used, recent]));
    expect(left).not.toContain(abandoned);
  });
});

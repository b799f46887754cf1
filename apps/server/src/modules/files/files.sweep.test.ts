import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/index.ts';
import { files } from '../../db/schema/files.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createMoneyWorld, makeJpeg, postFile } from '../../test/factories-money.ts';
import { loginAs, postForm } from '../../test/http.ts';
import { createFilesRepository } from './files.repository.ts';
import { createFilesService, UNATTACHED_MAX_AGE_MS } from './files.service.ts';

let clock = new Date('2026-11-21T08:00:00Z');
const test = testAppForFile({ now: () => clock });

/** The files service on the test database and clock, storing under its own folder. */
const serviceOver = (root: string) =>
  createFilesService({
    repo: createFilesRepository(test.db),
    storage: createLocalStorage(root),
    secret: test.config.sessionSecret,
    now: () => clock,
  });

/** A photo uploaded for a case's proof by its owner, as the upload grid does: its id and signed link. */
const uploadProof = async (caseId: number, cookie: string) =>
  (
    await postFile(test, '/api/ysb/uploadImg', { id: caseId }, await makeJpeg({ width: 200, height: 150 }), { cookie })
  ).json<{ data: { image: { id: number; url: string } } }>().data.image;

describe('sweepUnattached', () => {
  it('removes images a form never used once a day old, and keeps used and recent ones', async () => {
    const root = path.join(test.config.dataDir, 'files');
    const service = serviceOver(root);
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const upload = async () => (await uploadProof(w.theCase.id, cookie)).id;
    const abandoned = await upload();
    const used = await upload();
    await postForm(test.app, '/api/crm/proof', { id: w.theCase.id, type: 5, imgs: String(used) }, { cookie });
    const count = () =>
      fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

    expect(await service.sweepUnattached()).toBe(0);
    clock = new Date(clock.getTime() + UNATTACHED_MAX_AGE_MS + 60_000);
    const recent = await upload();
    const before = count();
    expect(await service.sweepUnattached()).toBe(1);
    expect(count()).toBe(before - 2);
    const left = (await test.db.select({ id: files.id }).from(files)).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([used, recent]));
    expect(left).not.toContain(abandoned);
  });
});

describe('sweepErased (decision 071)', () => {
  it('stops serving an erased image at once, then removes its stored objects and blanks its keys', async () => {
    const root = path.join(test.config.dataDir, 'erased');
    const service = serviceOver(root);
    const w = await createMoneyWorld(test.db);
    const jpeg = await makeJpeg({ width: 40, height: 30 });
    const store = () =>
      service.store({
        corpId: w.theCase.corpId,
        uploaderId: w.owner.id,
        owner: { kind: 'case', clientId: w.theCase.id },
        bytes: jpeg,
      });
    const erased = await store();
    const kept = await store();
    const stored = () =>
      fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    expect(stored()).toBe(4);
    const [row] = await test.db.update(files).set({ erasedAt: clock }).where(eq(files.id, erased.id)).returning();
    // Not served even while its objects are still stored.
    expect(row && (await service.read(row, 'full'))).toBeNull();
    expect(await service.sweepErased()).toBe(1);
    expect(stored()).toBe(2);
    const [after] = await test.db.select().from(files).where(eq(files.id, erased.id));
    expect(after).toMatchObject({ storageKey: '', thumbKey: '', erasedAt: clock });
    expect(await service.read(kept, 'full')).toMatchObject({ contentType: 'image/jpeg' });
    // Nothing left to do: a second sweep asks for nothing.
    expect(await service.sweepErased()).toBe(0);
  });

  it('answers an erased image with its own message through the signed route', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const uploaded = await uploadProof(w.theCase.id, cookie);
    await test.db.update(files).set({ erasedAt: clock }).where(eq(files.id, uploaded.id));
    const answer = await test.app.inject({ method: 'GET', url: uploaded.url, headers: { cookie } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ msg: '该图片已按个人信息保存期限删除' });
  });
});

describe('store', () => {
  it('deletes the stored objects when the row insert fails (compensation)', async () => {
    const root = path.join(test.config.dataDir, 'compensation');
    const service = serviceOver(root);
    const w = await createMoneyWorld(test.db);
    const jpeg = await makeJpeg({ width: 40, height: 30 });
    const rowsBefore = (await test.db.select({ id: files.id }).from(files)).length;
    // No such case: the foreign key refuses the row after both objects were written.
    await expect(
      service.store({
        corpId: w.theCase.corpId,
        uploaderId: w.owner.id,
        owner: { kind: 'case', clientId: 987_654 },
        bytes: jpeg,
      }),
    ).rejects.toThrow();
    const left = fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(left).toEqual([]);
    expect((await test.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore);

    const stored = await service.store({
      corpId: w.theCase.corpId,
      uploaderId: w.owner.id,
      owner: { kind: 'case', clientId: w.theCase.id },
      bytes: jpeg,
    });
    expect(stored).toMatchObject({ ownerKind: 'case', clientId: w.theCase.id, houseClientId: null, attachedAt: null });
    expect(await service.read(stored, 'thumb')).toMatchObject({ contentType: 'image/jpeg' });
  });
});

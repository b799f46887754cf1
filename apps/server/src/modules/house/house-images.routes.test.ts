import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_STATUS } from '@crm/domain/house';
import { createLocalStorage } from '../../adapters/storage/index.ts';
import { files } from '../../db/schema/files.ts';
import { houseClients, houseImageEvents, houseImages } from '../../db/schema/house.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createHouseClient } from '../../test/factories-house.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { loginAs, postForBody } from '../../test/http.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type Image = { id: number; url: string; deletable: boolean };

let jpeg: Buffer;
const test = testAppForFile();
beforeAll(async () => {
  jpeg = await makeJpeg({ width: 64, height: 48 });
});

/** A salesperson's new client with one uploaded document, and the people who may or may not touch it. */
async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  const steward = await createStaff(test.db, corp.id, { jobs: [5] });
  const rebate = await createStaff(test.db, corp.id, { jobs: [4, 6] });
  const client = await createHouseClient(test.db, corp.id, sales.id, { stewardId: steward.id });
  const cookies = {
    sales: await loginAs(test, sales),
    colleague: await loginAs(test, colleague),
    steward: await loginAs(test, steward),
    rebate: await loginAs(test, rebate),
  };
  const upload = await postFile(test, '/api/crm/addHouseImg', { id: client.id, house_type: 2 }, jpeg, {
    cookie: cookies.sales,
  });
  expect(upload.json<Body>().code).toBe(0);
  const image = (await listImages(cookies.sales, client.id))[0];
  if (!image) throw new Error('no image uploaded');
  return { corp, sales, client, image, cookies };
}

async function listImages(cookie: string, clientId: number): Promise<Image[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/crm/getHouseImg',
    query: { id: String(clientId), house_type: '2' },
    headers: { cookie },
  });
  return response.json<Body<Image[]>>().data ?? [];
}

/** The answer's status and body: a refusal's status tells 403 from 404. */
const del = async (cookie: string, fields: Record<string, string | number | null>) => {
  const { status, body } = await postForBody<Body<{ id: number }>>(test.app, '/api/crm/delHouseImg', fields, {
    cookie,
  });
  return { status, ...body };
};

const fileOf = async (imageId: number) => {
  const [row] = await test.db
    .select({ id: files.id, storageKey: files.storageKey, thumbKey: files.thumbKey })
    .from(houseImages)
    .innerJoin(files, eq(files.id, houseImages.fileId))
    .where(eq(houseImages.id, imageId));
  if (!row) throw new Error(`no file for image ${imageId}`);
  return row;
};

describe('delHouseImg', () => {
  it('removes a document of a new client: the row, the file, the stored bytes, with a deleted event', async () => {
    const w = await world();
    expect(w.image.deletable).toBe(true);
    const file = await fileOf(w.image.id);
    const storage = createLocalStorage(path.join(test.config.dataDir, 'files'));
    expect(await storage.get(file.storageKey)).not.toBeNull();

    expect(await del(w.cookies.sales, { id: w.image.id })).toMatchObject({ code: 0, data: { id: w.image.id } });

    expect(await listImages(w.cookies.sales, w.client.id)).toEqual([]);
    expect(await test.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    expect(await storage.get(file.storageKey)).toBeNull();
    expect(await storage.get(file.thumbKey)).toBeNull();
    const events = await test.db.select().from(houseImageEvents).where(eq(houseImageEvents.houseClientId, w.client.id));
    expect(events).toMatchObject([{ kind: 'deleted', imageId: w.image.id, houseType: 2, actorId: w.sales.id }]);
    // Gone once: a second delete finds nothing.
    expect((await del(w.cookies.sales, { id: w.image.id })).status).toBe(404);
  });

  it('lets whoever may add documents delete them (the steward), not a colleague or rebate-only', async () => {
    const w = await world();
    expect(await del(w.cookies.colleague, { id: w.image.id })).toMatchObject({ status: 403, code: 403, data: null });
    expect(await del(w.cookies.rebate, { id: w.image.id })).toMatchObject({ status: 403, data: null });
    expect(await listImages(w.cookies.sales, w.client.id)).toHaveLength(1);
    expect((await del(w.cookies.steward, { id: w.image.id })).code).toBe(0);
  });

  it("answers 404 to another company's staff and leaves the image", async () => {
    const w = await world();
    const other = await createCompany(test.db);
    const outsider = await createStaff(test.db, other.id, { jobs: [4], isLeader: true });
    expect(await del(await loginAs(test, outsider), { id: w.image.id })).toMatchObject({ status: 404, data: null });
    expect(await listImages(w.cookies.sales, w.client.id)).toHaveLength(1);
  });

  it('refuses once the client was submitted for signing, and says so in the list', async () => {
    const w = await world();
    await test.db.update(houseClients).set({ status: HOUSE_STATUS.SIGNING }).where(eq(houseClients.id, w.client.id));
    expect((await listImages(w.cookies.sales, w.client.id))[0]?.deletable).toBe(false);
    expect(await del(w.cookies.sales, { id: w.image.id })).toMatchObject({
      code: 1,
      msg: '客户已提交签约，资料不能删除',
    });
    expect(await listImages(w.cookies.sales, w.client.id)).toHaveLength(1);
  });

  it('refuses bad input in Chinese, never 5xx', async () => {
    const w = await world();
    const inputs: Record<string, string | number>[] = [
      { id: 0 },
      { id: 'abc' },
      {},
      { id: -1 },
      { id: 1.5 },
      { id: '99999999999' },
    ];
    for (const fields of inputs) {
      const answer = await del(w.cookies.sales, fields);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(answer.code, JSON.stringify(fields)).not.toBe(0);
      expect(answer.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await listImages(w.cookies.sales, w.client.id)).toHaveLength(1);
  });
});

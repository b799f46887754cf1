import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createMoneyWorld, makeJpeg, makePng, postFile } from '../../test/factories-money.ts';
import { loginAs, postForm } from '../../test/http.ts';

let clock = new Date('2026-11-21T08:00:00Z');
const test = testAppForFile({ now: () => clock });

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type Image = { id: number; url: string; thumb_url: string };

const storedFiles = () => {
  const root = path.join(test.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
};
const fileRows = () => test.db.select().from(files);

async function upload(cookie: string, clientId: number, file: Buffer | null, extra: Record<string, string> = {}) {
  const response = await postFile(test, '/api/ysb/uploadImg', { id: clientId, ...extra }, file, { cookie });
  return { status: response.statusCode, body: response.json<Body<{ image: Image | null }>>() };
}

async function get(url: string, cookie?: string) {
  return test.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('POST /api/ysb/uploadImg (proof images)', () => {
  it('stores a clean copy and a thumbnail: EXIF and GPS gone, orientation kept, served to the owner', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const photo = await makeJpeg({ width: 1200, height: 900, exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const { status, body } = await upload(cookie, w.theCase.id, photo);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const image = body.data?.image;
    expect(image?.url).toMatch(/^\/common\/img\/\d+\?v=full&exp=\d+&sig=/);

    const full = await get(image?.url ?? '', cookie);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1200);
    expect(full.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const thumb = await get(image?.thumb_url ?? '', cookie);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(360);
  });

  it('takes a large phone photo up to the 10 MB limit', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const big = await sharp({
      create: {
        width: 2000,
        height: 1600,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    // Well past the app's 1 MB body limit for plain forms, which multipart uploads do not go by.
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    const { body } = await upload(cookie, w.theCase.id, big);
    expect(body.code).toBe(0);
  }, 60_000);

  it('takes PNG and WebP by their bytes, whatever the file is called', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const png = await postFile(test, '/api/ysb/uploadImg', { id: w.theCase.id }, await makePng(), {
      cookie,
      filename: 'screenshot.txt',
      type: 'text/plain',
    });
    expect(png.json<Body>().code).toBe(0);
    const webp = await sharp(await makePng())
      .webp()
      .toBuffer();
    expect((await upload(cookie, w.theCase.id, webp)).body.code).toBe(0);
  });

  it('re-encodes an image with a script appended, so the stored file is clean', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const poisoned = Buffer.concat([await makeJpeg(), Buffer.from('<script>alert(document.cookie)</script>')]);
    const { body } = await upload(cookie, w.theCase.id, poisoned);
    expect(body.code).toBe(0);
    const stored = await get(body.data?.image?.url ?? '', cookie);
    expect(stored.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('bad input gets a clear message and leaves nothing behind', () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    it.each([
      ['a PDF renamed .jpg', () => Promise.resolve(pdf), '只能上传 JPG、PNG 或 WebP 图片'],
      ['an empty file', () => Promise.resolve(Buffer.alloc(0)), '文件为空，请重新选择图片'],
      [
        'HTML behind JPEG magic bytes',
        () =>
          Promise.resolve(
            Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>x</script></html>')]),
          ),
        '图片已损坏或不完整，请重新拍摄或选择',
      ],
      [
        'a photo cut off halfway',
        async () => {
          const whole = await makeJpeg({ width: 1600, height: 1200 });
          return whole.subarray(0, Math.floor(whole.length / 2));
        },
        '图片已损坏或不完整，请重新拍摄或选择',
      ],
    ])('%s', async (_, make, message) => {
      const w = await createMoneyWorld(test.db);
      const cookie = await loginAs(test, w.owner);
      const before = { rows: (await fileRows()).length, stored: storedFiles().length };
      const { status, body } = await upload(cookie, w.theCase.id, await make());
      expect(status).toBe(200);
      expect(body).toEqual({ code: 1, msg: message, data: null });
      expect((await fileRows()).length).toBe(before.rows);
      expect(storedFiles().length).toBe(before.stored);
    });

    it('a 20 MB photo', async () => {
      const w = await createMoneyWorld(test.db);
      const cookie = await loginAs(test, w.owner);
      const before = (await fileRows()).length;
      const huge = Buffer.concat([await makeJpeg(), Buffer.alloc(20 * 1024 * 1024, 7)]);
      const response = await postFile(test, '/api/ysb/uploadImg', { id: w.theCase.id }, huge, { cookie });
      expect(response.statusCode).toBe(413);
      expect(response.json<Body>()).toEqual({ code: 1, msg: '图片不能超过 10 MB', data: null });
      expect((await fileRows()).length).toBe(before);
    });

    it('an upload whose request is cut off halfway', async () => {
      const w = await createMoneyWorld(test.db);
      const cookie = await loginAs(test, w.owner);
      const before = { rows: (await fileRows()).length, stored: storedFiles().length };
      const form = new FormData();
      form.append('id', String(w.theCase.id));
      form.append(
        'file',
        new Blob([new Uint8Array(await makeJpeg({ width: 1600, height: 1200 }))], { type: 'image/jpeg' }),
        'a.jpg',
      );
      const request = new Request('http://test.local/', { method: 'POST', body: form });
      const whole = Buffer.from(await request.arrayBuffer());
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/ysb/uploadImg',
        payload: whole.subarray(0, Math.floor(whole.length / 2)),
        headers: { 'content-type': request.headers.get('content-type') ?? '', cookie },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.json<Body>().code).not.toBe(0);
      expect((await fileRows()).length).toBe(before.rows);
      expect(storedFiles().length).toBe(before.stored);
    });

    it('no file at all', async () => {
      const w = await createMoneyWorld(test.db);
      const cookie = await loginAs(test, w.owner);
      expect((await upload(cookie, w.theCase.id, null)).body).toEqual({
        code: 1,
        msg: '请选择要上传的图片',
        data: null,
      });
    });
  });

  it('refuses a case the caller may not write: another company (404), a colleague (403), no session (401)', async () => {
    const w = await createMoneyWorld(test.db);
    const photo = await makeJpeg();
    expect((await upload(await loginAs(test, w.stranger), w.theCase.id, photo)).status).toBe(404);
    expect((await upload(await loginAs(test, w.colleague), w.theCase.id, photo)).status).toBe(403);
    // Customer service reads proofs but does not add them.
    expect((await upload(await loginAs(test, w.service), w.theCase.id, photo)).status).toBe(403);
    expect((await postFile(test, '/api/ysb/uploadImg', { id: w.theCase.id }, photo)).statusCode).toBe(401);
    expect((await upload(await loginAs(test, w.leader), w.theCase.id, photo)).body.code).toBe(0);
  });
});

describe('GET /common/img/:id (signed, 5 minutes, viewer-bound)', () => {
  it('serves no one else, no altered address, nothing after expiry', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const { body } = await upload(owner, w.theCase.id, await makeJpeg());
    const url = body.data?.image?.url ?? '';
    const id = body.data?.image?.id ?? 0;
    expect((await get(url, owner)).statusCode).toBe(200);
    // The same address in another person's session, even a leader allowed to see the case.
    expect((await get(url, await loginAs(test, w.colleague))).statusCode).toBe(403);
    expect((await get(url, await loginAs(test, w.stranger))).statusCode).toBe(403);
    expect((await get(url, await loginAs(test, w.leader))).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    // Guessing: another id with this signature, or the thumbnail with the full image's signature.
    expect((await get(url.replace(`/img/${id}?`, `/img/${id + 1}?`), owner)).statusCode).toBe(403);
    expect((await get(url.replace('v=full', 'v=thumb'), owner)).statusCode).toBe(403);
    expect((await get(`/common/img/${id}`, owner)).json<Body>().code).not.toBe(0);
    // No static path leads to the files.
    expect((await get('/data/files/', owner)).statusCode).toBe(404);
    const saved = clock;
    clock = new Date(saved.getTime() + 301_000);
    try {
      expect((await get(url, owner)).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it('re-checks the record: a leader of another team with a fresh address of their own is refused', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const { body } = await upload(owner, w.theCase.id, await makeJpeg());
    const other = await loginAs(test, w.otherLeader);
    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/crm/getProof?id=${w.theCase.id}`,
      headers: { cookie: other },
    });
    expect(listed.statusCode).toBe(403);
    expect(body.data?.image?.id).toBeGreaterThan(0);
  });
});

describe('POST /common/delimg', () => {
  it("deletes an image not yet used, file and thumbnail, and refuses others' and used ones", async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const first = (await upload(owner, w.theCase.id, await makeJpeg())).body.data?.image;
    const second = (await upload(owner, w.theCase.id, await makeJpeg())).body.data?.image;
    const stored = storedFiles().length;

    expect(
      (await postForm(test.app, '/common/delimg', { id: first?.id ?? 0 }, { cookie: await loginAs(test, w.stranger) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await postForm(test.app, '/common/delimg', { id: first?.id ?? 0 }, { cookie: await loginAs(test, w.colleague) }))
        .statusCode,
    ).toBe(403);
    const deleted = await postForm(test.app, '/common/delimg', { id: first?.id ?? 0 }, { cookie: owner });
    expect(deleted.json<Body>()).toEqual({ code: 0, msg: '删除成功', data: null });
    expect(storedFiles().length).toBe(stored - 2);
    expect((await postForm(test.app, '/common/delimg', { id: first?.id ?? 0 }, { cookie: owner })).statusCode).toBe(
      404,
    );

    await postForm(
      test.app,
      '/api/crm/proof',
      { id: w.theCase.id, type: 1, imgs: String(second?.id) },
      { cookie: owner },
    );
    const used = await postForm(test.app, '/common/delimg', { id: second?.id ?? 0 }, { cookie: owner });
    expect(used.json<Body>()).toEqual({ code: 1, msg: '已提交的图片不能删除，如需更换请重新上传凭证', data: null });
    expect((await postForm(test.app, '/common/delimg', { id: 'abc' }, { cookie: owner })).json<Body>().code).toBe(1);
  });
});

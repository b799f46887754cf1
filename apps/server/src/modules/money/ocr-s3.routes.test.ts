import { describe, expect, it } from 'vitest';
import type { OcrAdapter } from '../../adapters/ocr/index.ts';
import { OcrTimeoutError, OcrUnavailableError } from '../../adapters/ocr/index.ts';
import { startFakeS3 } from '../../adapters/storage/fake-s3-server.ts';
import { createS3Storage } from '../../adapters/storage/index.ts';
import { testAppBesideFake } from '../../test/beside-fake.ts';
import { createMoneyWorld, makeJpeg, postFile } from '../../test/factories-money.ts';
import { loginAs } from '../../test/http.ts';

type Body<T = unknown> = { code: number; msg: string; data: T | null };

/** A scripted OCR engine: the route's job is checking the upload and shaping the answer, not reading. */
const script: {
  next: Awaited<ReturnType<OcrAdapter['recognize']>> | Error;
  /** While set, bank card readings wait for it (a slow picture); ID cards answer at once. */
  hold: Promise<void> | null;
} = { next: null, hold: null };
const seen: { kind: string; bytes: number }[] = [];
const scriptedOcr: OcrAdapter = {
  kind: 'local',
  async recognize(kind, image) {
    seen.push({ kind, bytes: image.length });
    if (kind === 'bankCard' && script.hold) await script.hold;
    if (script.next instanceof Error) throw script.next;
    return script.next;
  },
  async close() {},
};

const S3 = { accessKeyId: 'AKIDAPP', secretAccessKey: 'app-secret', bucket: 'crm' };
const { test, fake } = testAppBesideFake(
  () => startFakeS3(S3),
  (started) => ({
    ocr: scriptedOcr,
    storage: createS3Storage({ ...S3, region: 'us-east-1', endpoint: started.endpoint, forcePathStyle: true }),
  }),
);

describe('POST /api/ysb/uploadImg with kind idCard / bankCard (OCR)', () => {
  it('answers the number and its confidence, and keeps no copy of the card', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const objects = fake.objects.size;
    script.next = { number: '6222021234567894', confidence: 0.91, valid: true };
    const response = await postFile(test, '/api/ysb/uploadImg', { kind: 'bankCard' }, await makeJpeg(), { cookie });
    expect(response.json<Body>()).toEqual({
      code: 0,
      msg: 'ok',
      data: { image: null, ocr: { kind: 'bankCard', number: '6222021234567894', confidence: 0.91, valid: true } },
    });
    expect(seen.at(-1)?.kind).toBe('bankCard');
    expect(fake.objects.size).toBe(objects);
  });

  it.each([
    ['nothing readable', null, '未能识别出号码，请对准卡片重新拍摄'],
    ['the engine down', new OcrUnavailableError('down'), '识别服务暂不可用，请手动输入'],
    ['the picture takes too long', new OcrTimeoutError('15 s'), '识别超时，请手动填写'],
  ])('says so when %s', async (_, next, message) => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    script.next = next;
    const response = await postFile(test, '/api/ysb/uploadImg', { kind: 'idCard' }, await makeJpeg(), { cookie });
    expect(response.json<Body>()).toEqual({ code: 1, msg: message, data: null });
  });

  it("refuses a person's third recognition at once while two are running, and serves a colleague meanwhile", async () => {
    const w = await createMoneyWorld(test.db);
    const [mine, theirs] = [await loginAs(test, w.owner), await loginAs(test, w.colleague)];
    let release = () => undefined as void;
    script.hold = new Promise<void>((resolve) => (release = resolve));
    script.next = { number: '6222021234567894', confidence: 0.91, valid: true };
    try {
      const image = await makeJpeg();
      const burst = Array.from({ length: 3 }, () =>
        postFile(test, '/api/ysb/uploadImg', { kind: 'bankCard' }, image, { cookie: mine }),
      );
      const refused = await Promise.race(burst);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<Body>().msg).toBe('识别请求过多，请稍后再试');
      // The colleague's ID card is answered while the owner's two pictures are still being read.
      const colleague = await postFile(test, '/api/ysb/uploadImg', { kind: 'idCard' }, image, { cookie: theirs });
      expect(colleague.json<Body>().code).toBe(0);
      release();
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
      // Once they are done, the owner may read again.
      const again = await postFile(test, '/api/ysb/uploadImg', { kind: 'bankCard' }, image, { cookie: mine });
      expect(again.json<Body>().code).toBe(0);
    } finally {
      script.hold = null;
      release();
    }
  });

  it('checks the file before reading it, and wants a known kind and a session', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const calls = seen.length;
    const pdf = await postFile(test, '/api/ysb/uploadImg', { kind: 'idCard' }, Buffer.from('%PDF-1.4 fake'), {
      cookie,
      filename: 'id.jpg',
    });
    expect(pdf.json<Body>()).toEqual({ code: 1, msg: '只能上传 JPG、PNG 或 WebP 图片', data: null });
    expect(seen.length).toBe(calls);
    const kind = await postFile(test, '/api/ysb/uploadImg', { kind: 'passport' }, await makeJpeg(), { cookie });
    expect(kind.json<Body>()).toEqual({ code: 1, msg: '上传类型无效', data: null, field: 'kind' });
    expect((await postFile(test, '/api/ysb/uploadImg', { kind: 'idCard' }, await makeJpeg())).statusCode).toBe(401);
  });
});

describe('proof images on S3-compatible storage', () => {
  it('puts the clean image and thumbnail in the bucket under random keys and serves them back', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const before = new Set(fake.objects.keys());
    const response = await postFile(test, '/api/ysb/uploadImg', { id: w.theCase.id }, await makeJpeg({ exif: true }), {
      cookie,
    });
    const image = response.json<Body<{ image: { url: string } }>>().data?.image;
    const added = [...fake.objects.keys()].filter((key) => !before.has(key));
    expect(added).toHaveLength(2);
    for (const key of added) expect(key).toMatch(new RegExp(`^${w.corp.id}/[0-9a-f]{32}(-thumb)?\\.jpg$`));
    const served = await test.app.inject({ method: 'GET', url: image?.url ?? '', headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(
      served.rawPayload.equals(
        fake.objects.get(added.find((k) => !k.includes('thumb')) ?? '')?.body ?? Buffer.alloc(0),
      ),
    ).toBe(true);
  });
});

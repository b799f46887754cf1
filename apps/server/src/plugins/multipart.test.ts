import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_MULTIPART_BODIES } from '../test/broken-multipart.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createHouseClient } from '../test/factories-house.ts';
import { createMoneyWorld, makeJpeg, postFile } from '../test/factories-money.ts';
import { loginAs, postForm } from '../test/http.ts';
import { FORM_BODY_BYTES } from './multipart.ts';

type Body = { code: number; msg: string; data: unknown };
let test: TestApp;
let w: Awaited<ReturnType<typeof createMoneyWorld>>;
let cookie = '';
/** What the server logged, one parsed pino line each. */
const logged: { level: number; msg: string; reason?: string; err?: unknown }[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
    done();
  },
});
beforeAll(async () => {
  test = await buildTestApp({ logger: pino({ level: 'info' }, logSink) });
  w = await createMoneyWorld(test.db);
  cookie = await loginAs(test, w.owner);
});
afterAll(() => test.close());

describe('multipart limits per route', () => {
  it('refuses a plain form over 64 KB with 413 and the envelope, before reading it', async () => {
    const response = await postForm(
      test.app,
      '/api/crm/mortgageUser',
      { client_id: w.theCase.id, note: 'x'.repeat(FORM_BODY_BYTES + 1), next_contact_at: '2026-12-01T08:00:00Z' },
      { cookie },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<Body>()).toEqual({ code: 1, msg: '提交的内容过大', data: null });
  });

  it('refuses a file sent to a plain form', async () => {
    const response = await postFile(
      test,
      '/api/crm/mortgageUser',
      { client_id: w.theCase.id, note: '回访', next_contact_at: '2026-12-01T08:00:00Z' },
      Buffer.alloc(1000, 1),
      { cookie },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<Body>()).toMatchObject({ code: 1, msg: '提交的内容过大' });
  });

  it('caps a streamed form without a declared length at 64 KB a field', async () => {
    const form = new FormData();
    form.append('client_id', String(w.theCase.id));
    form.append('note', 'x'.repeat(200_000));
    form.append('next_contact_at', '2026-12-01T08:00:00Z');
    const request = new Request('http://test.local/', { method: 'POST', body: form });
    const { Readable } = await import('node:stream');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/mortgageUser',
      payload: Readable.from([Buffer.from(await request.arrayBuffer())]),
      headers: { 'content-type': request.headers.get('content-type') ?? '', cookie },
    });
    // The note arrives cut to 64 KB and the form's own rule (at most 500 characters) refuses it.
    expect(response.json<Body>().code).not.toBe(0);
  });

  it('takes an image upload of a few MB, and refuses one over 10 MB on both image routes', async () => {
    const photo = await makeJpeg({ width: 1200, height: 900 });
    const ok = await postFile(test, '/api/ysb/uploadImg', { kind: 'proof', id: w.theCase.id }, photo, { cookie });
    expect(ok.json<Body>().code).toBe(0);
    const huge = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024, 7)]);
    const money = await postFile(test, '/api/ysb/uploadImg', { kind: 'proof', id: w.theCase.id }, huge, { cookie });
    expect(money.statusCode).toBe(413);
    expect(money.json<Body>()).toEqual({ code: 1, msg: '图片不能超过 10 MB', data: null });
    const house = await createHouseClient(test.db, w.corp.id, w.owner.id);
    const houseImg = await postFile(test, '/api/crm/addHouseImg', { id: house.id, house_type: 1 }, huge, { cookie });
    expect(houseImg.statusCode).toBe(413);
    expect(houseImg.json<Body>()).toEqual({ code: 1, msg: '图片不能超过 10 MB', data: null });
  });
});

describe('a broken multipart body', () => {
  // What the parser itself refuses; the rest are a form's limits (413) or a part it skips (the schema refuses).
  const parserRefusals = Object.keys(BROKEN_MULTIPART_BODIES).filter(
    (kind) => !['1,000 parts', 'a part with no name'].includes(kind),
  );

  it.each(parserRefusals)(
    "answers 400 请求格式错误 to %s, on a public form and on an image upload, logged as the client's fault",
    async (kind) => {
      const { type, body } = BROKEN_MULTIPART_BODIES[kind]!;
      logged.length = 0;
      // A file sent to a plain form is refused as a file (413) before it is read, cut off or not.
      const routes = [
        ['/common/smsCode', {}],
        ['/api/ysb/uploadImg', { cookie }],
      ] as const;
      for (const [url, headers] of kind === 'a file cut off' ? routes.slice(1) : routes) {
        const response = await test.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { ...headers, 'content-type': type },
        });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json<Body>()).toEqual({ code: 1, msg: '请求格式错误', data: null });
      }
      // pino's levels: 30 info, 40 warn, 50 error. No stack: the reason is the parser's one-line message.
      expect(logged.filter((line) => line.level >= 40)).toEqual([]);
      const clientErrors = logged.filter((line) => line.msg === 'malformed multipart body');
      expect(clientErrors).toHaveLength(kind === 'a file cut off' ? 1 : 2);
      expect(clientErrors.every((line) => line.level === 30 && line.err === undefined && !!line.reason)).toBe(true);
    },
  );

  it("answers more parts than a form has with 413, and a part with no name with the form's own refusal", async () => {
    const many = BROKEN_MULTIPART_BODIES['1,000 parts']!;
    const tooMany = await test.app.inject({
      method: 'POST',
      url: '/common/smsCode',
      payload: many.body,
      headers: { 'content-type': many.type },
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json<Body>()).toEqual({ code: 1, msg: '提交的内容过大', data: null });
    const nameless = BROKEN_MULTIPART_BODIES['a part with no name']!;
    const skipped = await test.app.inject({
      method: 'POST',
      url: '/common/smsCode',
      payload: nameless.body,
      headers: { 'content-type': nameless.type },
    });
    expect(skipped.json<Body>()).toEqual({ code: 1, msg: '手机号码必填', data: null, field: 'phone' });
  });
});

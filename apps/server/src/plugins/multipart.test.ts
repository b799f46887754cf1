import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createHouseClient } from '../test/factories-house.ts';
import { createMoneyWorld, makeJpeg, postFile } from '../test/factories-money.ts';
import { loginAs, postForm } from '../test/http.ts';
import { FORM_BODY_BYTES } from './multipart.ts';

type Body = { code: number; msg: string; data: unknown };
let test: TestApp;
let w: Awaited<ReturnType<typeof createMoneyWorld>>;
let cookie = '';
beforeAll(async () => {
  test = await buildTestApp();
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

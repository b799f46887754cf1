import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { uploadForm } from './upload.ts';

/** Enough of XMLHttpRequest to drive the helper: the test decides what the server says. */
class FakeRequest {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  sent: FormData | null = null;
  headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const make = () => {
  const fake = new FakeRequest();
  return { fake, createRequest: () => fake as unknown as XMLHttpRequest };
};

describe('uploadForm', () => {
  it('reports progress and answers the envelope', async () => {
    const { fake, createRequest } = make();
    const seen: number[] = [];
    const done = uploadForm<{ id: number }>(
      '/api/ysb/uploadImg',
      { id: 3, file: new Blob(['x']) },
      { createRequest, onProgress: (f) => seen.push(f) },
    );
    fake.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    fake.answer(200, { code: 0, msg: '上传成功', data: { id: 9 } });
    await expect(done).resolves.toEqual({ code: 0, msg: '上传成功', data: { id: 9 } });
    expect(seen).toEqual([0.5, 1]);
    expect(fake.withCredentials).toBe(true);
    expect(fake.sent?.get('id')).toBe('3');
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    const { fake, createRequest } = make();
    const done = uploadForm('/x', {}, { createRequest });
    fake.answer(413, { code: 1, msg: '图片不能超过 10 MB', data: null });
    await expect(done).rejects.toMatchObject({ message: '图片不能超过 10 MB', code: 1, httpStatus: 413 });
  });

  it('says the network failed when the connection drops or no envelope comes', async () => {
    const first = make();
    const dropped = uploadForm('/x', {}, { createRequest: first.createRequest });
    first.fake.onerror?.();
    await expect(dropped).rejects.toEqual(new ApiError(NETWORK_ERROR_MESSAGE, -1, 0));
    const second = make();
    const garbled = uploadForm('/x', {}, { createRequest: second.createRequest });
    second.fake.answer(502, '<html>bad gateway</html>');
    await expect(garbled).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });
});

import { mortgageUser } from '@crm/domain/endpoints/cases';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFinished, flushOutbox, forgetOfflineData, listOutbox, queueWrite } from './outbox.ts';
import { setStoredUser } from './storage.ts';

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const write = (note: string) => ({
  path: mortgageUser.path,
  fields: { client_id: '7', note },
  label: `跟进：${note}`,
});
const states = async () => (await listOutbox()).map((item) => [item.label, item.state, item.message ?? null]);

describe('the outbox of writes made offline', () => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    localStorage.clear();
    setStoredUser({ id: 1, job: [1], leader: false, name: '王小明' });
    await forgetOfflineData();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends each waiting write once, with its own idempotency key, and keeps what went', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    await queueWrite(write('下午面签'), 'key-two-1234');
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 0, msg: '跟进已保存', data: null })));

    expect(await flushOutbox()).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const headers = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(headers).toEqual(['key-one-1234', 'key-two-1234']);
    expect(await states()).toEqual([
      ['跟进：上午来电', 'sent', null],
      ['跟进：下午面签', 'sent', null],
    ]);
    // A second flush (the network flapping, another tab) sends nothing again.
    expect(await flushOutbox()).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('still offline: the write keeps waiting', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await flushOutbox()).toBe(0);
    expect(await states()).toEqual([['跟进：上午来电', 'waiting', null]]);
  });

  it('a refusal (the case changed meanwhile) is kept with the server’s words until cleared', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    fetchMock.mockResolvedValue(answer({ code: 1, msg: '该报单已被转交，不能添加跟进', data: null }));
    await flushOutbox();
    expect(await states()).toEqual([['跟进：上午来电', 'refused', '该报单已被转交，不能添加跟进']]);
    // Not sent again, not lost.
    await flushOutbox();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await clearFinished();
    expect(await listOutbox()).toEqual([]);
  });

  it('a 409 is tried again a few times (the first send may still run), then shown', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    fetchMock.mockImplementation(() =>
      Promise.resolve(answer({ code: 409, msg: '上一次提交仍在处理中，请稍后再试', data: null }, 409)),
    );
    await flushOutbox();
    await flushOutbox();
    expect((await listOutbox())[0]?.state).toBe('waiting');
    await flushOutbox();
    expect(await states()).toEqual([['跟进：上午来电', 'refused', '上一次提交仍在处理中，请稍后再试']]);
  });

  it('is sent only by the person who wrote it', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    setStoredUser({ id: 2, job: [1], leader: true, name: '李建国' });
    expect(await flushOutbox()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logging out forgets every write', async () => {
    await queueWrite(write('上午来电'), 'key-one-1234');
    await forgetOfflineData();
    expect(await listOutbox()).toEqual([]);
  });
});

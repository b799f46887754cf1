import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiCreate,
  apiGet,
  apiPost,
  apiPostJson,
  ApiError,
  isNetworkFailure,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ERROR_MESSAGE,
  toFormData,
} from './api-client.ts';
import { getStoredUser, setStoredUser } from './storage.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

/** The browser showing `pathname` when the server answers 401; gives the spy on where the page is sent. */
function sessionExpiredAt(pathname: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { pathname, assign });
  fetchMock.mockResolvedValue(jsonResponse({ code: 401, msg: '请先登录', data: null }, 401));
  return assign;
}

describe('api-client', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers the envelope on code 0 and sends same-origin credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: 'ok', data: [{ label: 'A', value: 1 }] }));
    const result = await apiGet<unknown[]>('/api/crm/corp');
    expect(result).toEqual({ code: 0, msg: 'ok', data: [{ label: 'A', value: 1 }] });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/corp');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('GET');
  });

  it('puts GET parameters in the query', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: '', data: { enabled: true, retryAfter: 0 } }));
    await apiGet('/common/checkCaptcha', { phone: '13800138000' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/common/checkCaptcha?phone=13800138000');
  });

  it('turns code ≠ 0 into an ApiError carrying msg', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 1, msg: '验证码输入错误', data: null }));
    const error = await apiPost('/api/crm/login', {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '验证码输入错误', code: 1, httpStatus: 200 });
  });

  it('keeps the HTTP status of a refusal such as 429', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 429, msg: '发送太频繁', data: null }, 429));
    await expect(apiPost('/common/smsCode', { phone: '13800138000' })).rejects.toMatchObject({
      message: '发送太频繁',
      code: 429,
      httpStatus: 429,
    });
  });

  it('reports a network failure instead of hiding it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/crm/corp')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });

  it('reports a body that is not JSON as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    await expect(apiGet('/api/crm/corp')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, httpStatus: 502 });
  });

  it('on 401 clears the stored user and goes to /login', async () => {
    setStoredUser({ id: 3, job: [], leader: false });
    const assign = sessionExpiredAt('/index');
    await expect(apiPost('/api/crm/userinfo', { id: 3 })).rejects.toMatchObject({ httpStatus: 401 });
    expect(getStoredUser()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it("on 401 in the back office goes to the back office's desktop login", async () => {
    setStoredUser({ id: 3, job: [], leader: false });
    const assign = sessionExpiredAt('/admin/staff');
    await expect(apiPost('/api/admin/staff')).rejects.toMatchObject({ httpStatus: 401 });
    expect(assign).toHaveBeenCalledWith('/login?to=admin');
  });

  it('does not redirect from the login page itself', async () => {
    const assign = sessionExpiredAt('/login');
    await expect(apiPost('/api/crm/logout')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it("on 401 in a partner's page goes to the partner login and keeps the staff user", async () => {
    setStoredUser({ id: 3, job: [], leader: false });
    localStorage.setItem('ys_outside_user', JSON.stringify({ id: 5, name: '李四', corp_id: 1, status: 1 }));
    const assign = sessionExpiredAt('/outside/list');
    await expect(apiGet('/api/crm/outsideClientList')).rejects.toMatchObject({ httpStatus: 401 });
    expect(assign).toHaveBeenCalledWith('/outside/login');
    expect(localStorage.getItem('ys_outside_user')).toBeNull();
    expect(getStoredUser()).not.toBeNull();
  });

  it('does not redirect from the partner login or register page', async () => {
    const assign = sessionExpiredAt('/outside/register');
    await expect(apiGet('/api/crm/getOutsideUser')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('posts multipart form data, null as the string "null"', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: '登录成功', data: { id: 1 } }));
    await apiPost('/api/crm/login', { corp_id: 1, phone: '13800138000', code: '123456', wxworkid: null });
    const body = fetchMock.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('corp_id')).toBe('1');
    expect(form.get('wxworkid')).toBe('null');
    expect(form.get('code')).toBe('123456');
  });

  it('posts a JSON body with its content type (the back office)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: '已保存', data: null }));
    await apiPostJson('/api/admin/staff/update', { id: 7, jobs: [2, 3], is_leader: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"id":7,"jobs":[2,3],"is_leader":true}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('skips undefined fields and repeats arrays', () => {
    const form = toFormData({ a: undefined, b: ['1', '2'], c: false });
    expect(form.has('a')).toBe(false);
    expect(form.getAll('b')).toEqual(['1', '2']);
    expect(form.get('c')).toBe('false');
  });

  it('tells a failure to reach the server (worth a retry) from the server saying no', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await apiPost('/api/crm/addClient', {}).catch((failure: unknown) => failure);
    expect(offline).toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE });
    expect(isNetworkFailure(offline)).toBe(true);
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 1, msg: '客户姓名必填', data: null }));
    const refused = await apiPost('/api/crm/addClient', {}).catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ kind: 'server' });
    expect(isNetworkFailure(refused)).toBe(false);
  });

  it('gives up after 10 s without an answer, saying so in Chinese', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const pending = apiPost('/api/crm/addClient', {}).catch((failure: unknown) => failure);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout', message: TIMEOUT_ERROR_MESSAGE });
      expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still lets the caller cancel: its abort is not reported as a failure', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = apiGet('/api/crm/clientList', {}, controller.signal).catch((failure: unknown) => failure);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('sends the idempotency key of a create call as a header', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 0, msg: '报单已提交', data: { id: 9 } }));
    await apiCreate('/api/crm/addClient', { name: '张三' }, 'fill-1234-abcd');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('fill-1234-abcd');
    await apiPost('/api/crm/clientList', {});
    expect(fetchMock.mock.calls[1]?.[1]?.headers).not.toHaveProperty('Idempotency-Key');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearStoredUser,
  decodeRecord,
  encodeRecord,
  getHouseChannel,
  getStoredPhone,
  getStoredUser,
  readItem,
  setStoredPhone,
  setStoredUser,
  STORAGE_KEYS,
  writeItem,
} from './storage.ts';

describe('storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('round-trips a record with Chinese text through base64', () => {
    const record = { id: 7, name: '张三丰', job: [2, 4], leader: true };
    const encoded = encodeRecord(record);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeRecord(encoded)).toEqual(record);
  });

  it('decodes garbage to null', () => {
    expect(decodeRecord('%%% not base64')).toBeNull();
  });

  it('stores the user encoded, with signer list and notice emptied', () => {
    setStoredUser({ id: 12, job: [2], leader: false, name: '李四' });
    const raw = localStorage.getItem(STORAGE_KEYS.userInfo) ?? '';
    expect(raw).not.toContain('李四');
    expect(decodeRecord(raw)).toEqual({ id: 12, job: [2], leader: false, name: '李四', signer_list: [], notice: [] });
    expect(getStoredUser()).toEqual({ id: 12, job: [2], leader: false, name: '李四' });
    clearStoredUser();
    expect(getStoredUser()).toBeNull();
  });

  it('ignores a stored user it cannot read', () => {
    localStorage.setItem(STORAGE_KEYS.userInfo, 'not-a-record');
    expect(getStoredUser()).toBeNull();
  });

  it('keeps the phone the last code went to', () => {
    expect(getStoredPhone()).toBeNull();
    setStoredPhone('13800138000');
    expect(getStoredPhone()).toBe('13800138000');
  });

  it('defaults the house channel to id 0', () => {
    expect(getHouseChannel()).toEqual({ id: 0 });
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(readItem('x')).toBeNull();
    expect(() => writeItem('x', 'y')).not.toThrow();
    expect(getStoredUser()).toBeNull();
  });
});

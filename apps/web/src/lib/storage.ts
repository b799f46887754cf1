/**
 * The spec's browser-storage keys (spec §3). Everything here is for display only: the session itself is an
 * httpOnly cookie the browser never reads. Every function is safe when storage is unavailable (private
 * mode, disabled cookies): reads give null, writes are dropped.
 */

export const STORAGE_KEYS = {
  userInfo: 'client-userinfo',
  phoneCode: 'ys_phone_code',
  outsideUser: 'ys_outside_user',
  houseChannel: 'ys_house_channel',
  locale: 'crm-locale',
  /** 长辈版 on this phone (lib/display-mode.ts): '1' on, '0' off. A device setting: logging out keeps it. */
  elderMode: 'crm-elder-mode',
} as const;

/** The logged-in user as stored for display. */
export type StoredUser = {
  id: number;
  job: number[];
  leader: boolean;
  name: string;
};

function getStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    getStorage()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the stored copy is a convenience, the app works without it.
  }
}

export function removeItem(key: string): void {
  try {
    getStorage()?.removeItem(key);
  } catch {
    // See writeItem.
  }
}

/** base64 of the UTF-8 bytes, so Chinese names survive (btoa alone only takes Latin-1). */
export function encodeRecord(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The inverse of encodeRecord; null for anything that is not a record we wrote. */
export function decodeRecord(encoded: string): unknown {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'number' &&
    Array.isArray(record.job) &&
    record.job.every((job) => typeof job === 'number') &&
    typeof record.leader === 'boolean'
  );
}

/** What the login/home pages know of a user; signer list and notice are emptied before storing (spec §3). */
export type UserRecordInput = {
  id: number;
  job: number[];
  leader: boolean;
  name?: string;
};

export function getStoredUser(): StoredUser | null {
  return parseStoredUser(readItem(STORAGE_KEYS.userInfo));
}

/** The stored user from its raw storage value; null for none or for anything that is not a record we wrote. */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  const value = decodeRecord(raw);
  if (!isStoredUser(value)) return null;
  return { id: value.id, job: value.job, leader: value.leader, name: typeof value.name === 'string' ? value.name : '' };
}

/**
 * Who listens for the stored user: a page that shows what only a leader may see reads the record when it
 * renders, and the record may still be the login's provisional one (no jobs, not a leader) until the
 * userinfo answer lands. Listeners let such a page redraw then instead of keeping the first read.
 */
const storedUserListeners = new Set<() => void>();

export function subscribeStoredUser(listener: () => void): () => void {
  storedUserListeners.add(listener);
  return () => storedUserListeners.delete(listener);
}

function storedUserChanged(): void {
  for (const listener of storedUserListeners) listener();
}

export function setStoredUser(user: UserRecordInput): void {
  const record = {
    id: user.id,
    job: user.job,
    leader: user.leader,
    name: user.name ?? '',
    signer_list: [],
    notice: [],
  };
  writeItem(STORAGE_KEYS.userInfo, encodeRecord(record));
  storedUserChanged();
}

export function clearStoredUser(): void {
  removeItem(STORAGE_KEYS.userInfo);
  storedUserChanged();
}

/** The phone the last SMS code went to (the spec stored the code too; the server now checks codes). */
export function getStoredPhone(): string | null {
  const raw = readItem(STORAGE_KEYS.phoneCode);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as { phone?: unknown }).phone === 'string') {
      return (value as { phone: string }).phone;
    }
  } catch {
    // Not JSON: fall through.
  }
  return null;
}

export function setStoredPhone(phone: string): void {
  writeItem(STORAGE_KEYS.phoneCode, JSON.stringify({ phone }));
}

export function clearStoredPhone(): void {
  removeItem(STORAGE_KEYS.phoneCode);
}

export type OutsideUser = Record<string, unknown>;

export function getOutsideUser(): OutsideUser | null {
  const raw = readItem(STORAGE_KEYS.outsideUser);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as OutsideUser) : null;
  } catch {
    return null;
  }
}

export function setOutsideUser(user: OutsideUser): void {
  writeItem(STORAGE_KEYS.outsideUser, JSON.stringify(user));
}

export function clearOutsideUser(): void {
  removeItem(STORAGE_KEYS.outsideUser);
}

/**
 * ys_house_channel (spec §3): the channel agent logged in to /houseloan, for display only (the session is the
 * httpOnly cookie); id 0 when nobody is.
 */
export type StoredHouseChannel = { id: number; name?: string; channel_name?: string; corp_id?: number };

export function getHouseChannel(): StoredHouseChannel {
  const raw = readItem(STORAGE_KEYS.houseChannel);
  if (raw) {
    try {
      const value = JSON.parse(raw) as unknown;
      if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number')
        return value as StoredHouseChannel;
    } catch {
      // Fall back to the default below.
    }
  }
  return { id: 0 };
}

export function setHouseChannel(channel: StoredHouseChannel): void {
  writeItem(STORAGE_KEYS.houseChannel, JSON.stringify(channel));
}

export function clearHouseChannel(): void {
  removeItem(STORAGE_KEYS.houseChannel);
}

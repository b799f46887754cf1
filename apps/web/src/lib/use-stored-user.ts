import { useMemo, useSyncExternalStore } from 'react';
import { parseStoredUser, readItem, STORAGE_KEYS, subscribeStoredUser, type StoredUser } from './storage.ts';

const readRaw = () => readItem(STORAGE_KEYS.userInfo);

/**
 * The stored user, redrawn when it changes: right after login the record is provisional (no jobs, not a
 * leader) until the userinfo answer lands, so a leader who taps a tile at once still gets the leader's view
 * a moment later. The raw string is the snapshot because it compares by value.
 */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribeStoredUser, readRaw);
  return useMemo(() => parseStoredUser(raw), [raw]);
}

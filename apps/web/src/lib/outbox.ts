import { API_CODE } from '@crm/domain/api/envelope';
import { apiRequest, ApiError, isNetworkFailure, type FormFields } from './api-client.ts';
import { getStoredUser } from './storage.ts';

/*
 * Writes made offline, waiting for the network (issue 49, decision 082): a follow-up, a repayment or a new case
 * whose submit could not reach the server is kept here, in IndexedDB, with the idempotency key of its form fill
 * (decision 046), and sent with that key when the network is back, so the server makes it once however often it
 * is sent. What was sent and what the server refused stay listed until the person clears them: a refusal (the
 * case changed meanwhile) is shown, not lost. Logging out forgets them, with the service worker's caches.
 */

export type OutboxState = 'waiting' | 'sent' | 'refused';

/** What a form hands over to be sent later: the call's path (from its contract), its fields and a line to show. */
export type OutboxWrite = { path: string; fields: FormFields; label: string };

export type OutboxItem = OutboxWrite & {
  /** The form fill's idempotency key: the record's identity here and on the server. */
  key: string;
  /** Whose it is: only the person who wrote it sends it (another may sign in on the phone meanwhile). */
  userId: number | null;
  queuedAt: number;
  state: OutboxState;
  /** The server's refusal, shown as it said it. */
  message?: string;
  doneAt?: number;
  /** Sends answered "the first is still being handled" (409): tried again later, a few times. */
  conflicts?: number;
};

const DB_NAME = 'crm-outbox';
const STORE = 'writes';
/** An answer of 409 may be the first send still running on the server (decision 046): tried this often. */
const MAX_CONFLICTS = 3;
export const OUTBOX_EVENT = 'crm-outbox';

const memory = new Map<string, OutboxItem>();

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  if (!db) throw new Error('IndexedDB unavailable');
  return new Promise((resolve, reject) => {
    const request = run(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

const inMemory = () => typeof indexedDB === 'undefined';

function changed(): void {
  globalThis.dispatchEvent?.(new Event(OUTBOX_EVENT));
}

async function save(item: OutboxItem): Promise<void> {
  if (inMemory()) memory.set(item.key, item);
  else await inStore('readwrite', (store) => store.put(item));
  changed();
}

/** Every kept write, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  const items = inMemory()
    ? [...memory.values()]
    : await inStore('readonly', (store) => store.getAll() as IDBRequest<OutboxItem[]>);
  return items.toSorted((a, b) => a.queuedAt - b.queuedAt);
}

/** Keeps a write that could not be sent; the next flush sends it. */
export async function queueWrite(write: OutboxWrite, key: string): Promise<void> {
  await save({
    ...write,
    key,
    userId: getStoredUser()?.id ?? null,
    queuedAt: Date.now(),
    state: 'waiting',
  });
}

/** Forgets the writes already sent or refused (the person read them). */
export async function clearFinished(): Promise<void> {
  for (const item of await listOutbox()) {
    if (item.state === 'waiting') continue;
    if (inMemory()) memory.delete(item.key);
    else await inStore('readwrite', (store) => store.delete(item.key));
  }
  changed();
}

/** Logging out: the queue and the service worker's copies of pages, scripts and answers go. */
export async function forgetOfflineData(): Promise<void> {
  memory.clear();
  if (!inMemory()) await inStore('readwrite', (store) => store.clear()).catch(() => undefined);
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => []);
    await Promise.all(names.filter((name) => name.startsWith('crm-')).map((name) => caches.delete(name)));
  }
  changed();
}

let flushing: Promise<number> | null = null;

/**
 * Sends the signed-in person's waiting writes, oldest first, each with its key; answers how many went. Stops at
 * the first that cannot reach the server (still offline). One flush at a time in the page, and one across tabs
 * where the browser has Web Locks; should two still meet, the key makes the server answer the second with the
 * first's record.
 */
export function flushOutbox(): Promise<number> {
  flushing ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('crm-outbox', sendWaiting)
      : sendWaiting()
  ).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(): Promise<number> {
  const me = getStoredUser()?.id ?? null;
  let sent = 0;
  for (const item of await listOutbox()) {
    if (item.state !== 'waiting' || item.userId !== me) continue;
    try {
      await apiRequest(item.path, { method: 'POST', body: item.fields, idempotencyKey: item.key });
      await save({ ...item, state: 'sent', doneAt: Date.now() });
      sent += 1;
    } catch (error) {
      if (isNetworkFailure(error)) break;
      if (!(error instanceof ApiError)) throw error;
      // Signed out meanwhile: it waits for the same person's next sign-in.
      if (error.httpStatus === 401) break;
      const conflicts = (item.conflicts ?? 0) + 1;
      if (error.code === API_CODE.conflict && conflicts < MAX_CONFLICTS) {
        await save({ ...item, conflicts });
        continue;
      }
      await save({ ...item, state: 'refused', message: error.message, doneAt: Date.now() });
    }
  }
  return sent;
}

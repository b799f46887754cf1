import { useEffect, useRef, useState } from 'react';

/*
 * Unsent form drafts on the phone (decision 058): a closed WeCom window or a lost connection does not lose
 * what was typed. Kept in IndexedDB (the WeCom browser clears sessionStorage with the window); where a browser
 * has none (tests, a private window), in memory for the page's life.
 */

const DB_NAME = 'crm-drafts';
const STORE = 'drafts';
const memory = new Map<string, unknown>();

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const request = run(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

export async function loadDraft<V>(name: string): Promise<V | undefined> {
  if (typeof indexedDB === 'undefined') return memory.get(name) as V | undefined;
  return (await withStore<unknown>('readonly', (store) => store.get(name))) as V | undefined;
}

export async function saveDraft(name: string, values: unknown): Promise<void> {
  if (typeof indexedDB === 'undefined') memory.set(name, values);
  else await withStore('readwrite', (store) => store.put(values, name));
}

export async function clearDraft(name: string): Promise<void> {
  if (typeof indexedDB === 'undefined') memory.delete(name);
  else await withStore('readwrite', (store) => store.delete(name));
}

/**
 * Keeps a form's values as a draft under `name` (null: no draft) while it is filled, restores a saved one once
 * on mount through `restore`, and answers `clear` for after a successful submit.
 */
export function useFormDraft<V>(name: string | null, values: V, restore: (values: V) => void) {
  const [loaded, setLoaded] = useState(name === null);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });
  useEffect(() => {
    if (name === null) return;
    let live = true;
    void loadDraft<V>(name).then((saved) => {
      if (!live) return;
      if (saved !== undefined) restoreRef.current(saved);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [name]);
  useEffect(() => {
    if (name === null || !loaded) return;
    const timer = setTimeout(() => void saveDraft(name, values), 300);
    return () => clearTimeout(timer);
  }, [name, loaded, values]);
  return { clear: () => (name === null ? Promise.resolve() : clearDraft(name)) };
}

import { useEffect, useRef, useState } from 'react';
import { useIdempotentSubmit, type IdempotentSubmit } from './use-idempotent-submit.ts';

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

/** Forgets every draft kept in memory (page tests: no test restores another's draft). */
export function forgetMemoryDrafts(): void {
  memory.clear();
}

/** A saved draft: the values as typed and the key of the submit they belong to (decision 046). */
type Saved<V> = { values: V; key?: string };

const isSaved = <V>(saved: unknown): saved is Saved<V> =>
  typeof saved === 'object' && saved !== null && 'values' in saved;

/** The part of the submit hook a draft keeps: the fill's idempotency key, and taking a saved one back. */
type DraftKey = Pick<IdempotentSubmit, 'key' | 'adopt'>;

/**
 * Keeps a form's values as a draft under `name` (null: no draft) while it is filled, restores a saved one once
 * on mount through `restore`, and answers `clear` for after a successful submit. With `submit`, the fill's
 * idempotency key is kept with the values and taken back on restore: a submit whose answer was lost before
 * the window closed is sent again under its own key, and the server answers the record it made.
 */
export function useFormDraft<V>(name: string | null, values: V, restore: (values: V) => void, submit?: DraftKey) {
  const [loaded, setLoaded] = useState(name === null);
  const restoreRef = useRef(restore);
  const adoptRef = useRef(submit?.adopt);
  // The values a successful submit cleared: not saved again (a sheet closing keeps its form a moment).
  const cleared = useRef<V | null>(null);
  useEffect(() => {
    restoreRef.current = restore;
    adoptRef.current = submit?.adopt;
  });
  useEffect(() => {
    if (name === null) return;
    let live = true;
    void loadDraft<unknown>(name).then((saved) => {
      if (!live) return;
      if (isSaved<V>(saved)) {
        restoreRef.current(saved.values);
        if (typeof saved.key === 'string') adoptRef.current?.(saved.key);
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [name]);
  // The save waiting out the typing pause: a submit that succeeds inside that pause cancels it, or it would
  // write the sent values back after `clear` and the next visit would restore them.
  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = submit?.key;
  useEffect(() => {
    if (name === null || !loaded || cleared.current === values) return;
    const saved: Saved<V> = key === undefined ? { values } : { values, key };
    const timer = setTimeout(() => {
      if (cleared.current !== values) void saveDraft(name, saved);
    }, 300);
    pendingSave.current = timer;
    return () => clearTimeout(timer);
  }, [name, loaded, values, key]);
  return {
    clear: () => {
      clearTimeout(pendingSave.current);
      cleared.current = values;
      return name === null ? Promise.resolve() : clearDraft(name);
    },
  };
}

/**
 * The submit of a create form that keeps its draft (decision 058): `useIdempotentSubmit` (one key per fill, 重试
 * on a network failure, decision 046) whose key is kept in the draft with the values, and whose success
 * forgets the draft. The case, house-client and repayment forms use it.
 */
export function useDraftedSubmit<V>(name: string | null, values: V, restore: (values: V) => void): IdempotentSubmit {
  const submit = useIdempotentSubmit();
  const draft = useFormDraft(name, values, restore, submit);
  return {
    ...submit,
    run: (step, onRefused, offline) =>
      submit.run(
        async (key) => {
          await step(key);
          await draft.clear();
        },
        onRefused,
        // A write kept for later is no longer a draft: the outbox holds it.
        offline && {
          ...offline,
          onQueued: () => {
            void draft.clear();
            offline.onQueued();
          },
        },
      ),
  };
}

import type { ProofImage } from '@crm/domain/api/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { delImg, uploadProofImage } from '../api/upload-img.ts';
import { compressImage } from './compress-image.ts';

export type UploadItem = {
  key: string;
  /** What the grid shows: the local preview while uploading, the server thumbnail after. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  error?: string;
  image?: ProofImage;
  /** An image the proof already had (re-upload keeps it unless removed); never deleted on the server. */
  isKept?: boolean;
  blob?: Blob;
};

let counter = 0;
const nextKey = () => `upload-${++counter}`;

/**
 * The images of one form: each file is compressed, uploaded on its own with progress, and can be retried
 * or removed. `imageIds` is what the form submits, in grid order.
 */
export function useImageUploads(clientId: number, initial: ProofImage[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initial.map((image) => ({
      key: nextKey(),
      preview: image.thumb_url,
      status: 'done',
      progress: 1,
      image,
      isKept: true,
    })),
  );
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    const urls = objectUrls.current;
    const running = controllers.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (key: string, blob: Blob) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 0, error: undefined });
      try {
        const image = await uploadProofImage(clientId, blob, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        });
        patch(key, { status: 'done', progress: 1, image });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        patch(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      } finally {
        controllers.current.delete(key);
      }
    },
    [clientId, patch],
  );

  const addFiles = useCallback(
    async (files: File[], room: number) => {
      for (const file of files.slice(0, Math.max(0, room))) {
        const key = nextKey();
        const blob = await compressImage(file);
        const preview = URL.createObjectURL(blob);
        objectUrls.current.add(preview);
        setItems((current) => [...current, { key, preview, status: 'uploading', progress: 0, blob }]);
        void send(key, blob);
      }
    },
    [send],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((entry) => entry.key === key);
      if (item?.blob) void send(key, item.blob);
    },
    [items, send],
  );

  /** Removes an image from the form; a fresh upload is deleted on the server too. */
  const remove = useCallback(
    async (key: string) => {
      const item = items.find((entry) => entry.key === key);
      if (!item) return;
      controllers.current.get(key)?.abort();
      if (item.status === 'done' && item.image && !item.isKept) await delImg(item.image.id);
      setItems((current) => current.filter((entry) => entry.key !== key));
    },
    [items],
  );

  const reset = useCallback(() => setItems([]), []);

  return {
    items,
    addFiles,
    retry,
    remove,
    reset,
    imageIds: items.flatMap((item) => (item.status === 'done' && item.image ? [item.image.id] : [])),
    isBusy: items.some((item) => item.status === 'uploading'),
    hasFailed: items.some((item) => item.status === 'failed'),
  };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;

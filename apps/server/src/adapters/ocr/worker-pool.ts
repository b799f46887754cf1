import os from 'node:os';
import { OcrTimeoutError } from './ocr.ts';

/** What the pool needs of a worker: a way to stop it mid-recognition. */
export interface PoolWorker {
  terminate(): Promise<unknown>;
}

export interface WorkerPool<W extends PoolWorker> {
  /** Runs the task on the next free worker, first come first served; rejects with OcrTimeoutError past the timeout. */
  run<T>(task: (worker: W) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Recognition is CPU bound and a tesseract worker runs one picture at a time: one worker per core, at most
 * four (the model is ~30 MB of memory per worker), at least one.
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores));
}

/**
 * A fixed number of workers, each made on first use. A task that outlives `timeoutMs` is answered with
 * OcrTimeoutError and its worker terminated (tesseract cannot cancel a recognition) and made again on
 * the next task, so one pathological picture holds a worker for at most the timeout.
 */
export function createWorkerPool<W extends PoolWorker>({
  size,
  timeoutMs,
  make,
}: {
  size: number;
  timeoutMs: number;
  make: () => Promise<W>;
}): WorkerPool<W> {
  const slots: (Promise<W> | null)[] = Array.from({ length: Math.max(1, size) }, () => null);
  const idle: number[] = slots.map((_, i) => i);
  const waiting: ((slot: number) => void)[] = [];
  let closed = false;

  const acquire = () =>
    new Promise<number>((resolve) => {
      const slot = idle.shift();
      if (slot === undefined) waiting.push(resolve);
      else resolve(slot);
    });
  const release = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };
  const workerAt = (slot: number) => {
    const existing = slots[slot];
    if (existing) return existing;
    const made = make().catch((error: unknown) => {
      slots[slot] = null;
      throw error;
    });
    slots[slot] = made;
    return made;
  };
  const discard = (slot: number) => {
    const running = slots[slot];
    slots[slot] = null;
    if (running) void running.then((w) => w.terminate()).catch(() => undefined);
  };

  return {
    async run(task) {
      if (closed) throw new Error('OCR pool closed');
      const slot = await acquire();
      let timer: NodeJS.Timeout | undefined;
      try {
        const worker = await workerAt(slot);
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new OcrTimeoutError(`recognition over ${timeoutMs} ms`)), timeoutMs);
        });
        const work = task(worker);
        // The abandoned task rejects once its worker is terminated; nobody waits for it any more.
        work.catch(() => undefined);
        try {
          return await Promise.race([work, timedOut]);
        } catch (error) {
          if (error instanceof OcrTimeoutError) discard(slot);
          throw error;
        }
      } finally {
        clearTimeout(timer);
        release(slot);
      }
    },
    async close() {
      closed = true;
      const running = slots.splice(0);
      await Promise.all(running.map(async (w) => (await w?.catch(() => null))?.terminate()));
    },
  };
}

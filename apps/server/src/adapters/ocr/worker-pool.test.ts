import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OcrTimeoutError } from './ocr.ts';
import { createWorkerPool, defaultPoolSize } from './worker-pool.ts';

/** A fake tesseract worker: `read` answers after `ms` of (fake) time, or never once terminated. */
function fakeWorkers() {
  const made: { id: number; terminated: boolean }[] = [];
  const make = async () => {
    const worker = {
      id: made.length + 1,
      terminated: false,
      read: (ms: number) =>
        new Promise<number>((resolve, reject) =>
          setTimeout(() => (worker.terminated ? reject(new Error('terminated')) : resolve(worker.id)), ms),
        ),
      terminate: async () => {
        worker.terminated = true;
      },
    };
    made.push(worker);
    return worker;
  };
  return { made, make };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OCR worker pool', () => {
  it('sizes itself to the cores, one to four', () => {
    expect([1, 2, 3, 4, 16].map(defaultPoolSize)).toEqual([1, 2, 3, 4, 4]);
  });

  it('refuses a recognition past the timeout, terminates that worker and makes a fresh one', async () => {
    const { made, make } = fakeWorkers();
    const pool = createWorkerPool({ size: 1, timeoutMs: 15_000, make });
    const slow = pool.run((w) => w.read(100_000));
    const refused = expect(slow).rejects.toBeInstanceOf(OcrTimeoutError);
    await vi.advanceTimersByTimeAsync(15_000);
    await refused;
    expect(made[0]?.terminated).toBe(true);
    const next = pool.run((w) => w.read(1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await next).toBe(2);
    expect(made).toHaveLength(2);
  });

  it('runs as many pictures at once as it has workers, so a quick one is not stuck behind a slow one', async () => {
    const { make } = fakeWorkers();
    const pool = createWorkerPool({ size: 2, timeoutMs: 15_000, make });
    const slow = pool.run((w) => w.read(100_000));
    void slow.catch(() => undefined);
    const quick = pool.run((w) => w.read(1_200));
    let done = false;
    void quick.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_200);
    expect(done).toBe(true);
    // Queued behind two slow ones, a third waits at most for the timeout, not for the slow pictures.
    const first = pool.run((w) => w.read(100_000));
    void first.catch(() => undefined);
    const waiting = pool.run((w) => w.read(1_000));
    await vi.advanceTimersByTimeAsync(15_000 + 1_000);
    await expect(waiting).resolves.toBeTypeOf('number');
    await expect(slow).rejects.toBeInstanceOf(OcrTimeoutError);
    await expect(first).rejects.toBeInstanceOf(OcrTimeoutError);
  });
});

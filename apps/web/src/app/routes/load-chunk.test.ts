import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './load-chunk.ts';

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the module', async () => {
    await expect(loadChunk('core', () => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });

  it('retries once after a failure', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValueOnce({ ok: 2 });
    await expect(loadChunk('business', importer)).resolves.toEqual({ ok: 2 });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('names the chunk after the second failure', async () => {
    const importer = vi.fn().mockRejectedValue(new Error('net'));
    const error = await loadChunk('business', importer).catch((failure: unknown) => failure);
    expect(importer).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toBe('Loading chunk business failed');
  });

  it('gives up on a chunk after 120 s per attempt', async () => {
    vi.useFakeTimers();
    const importer = vi.fn(() => new Promise<never>(() => undefined));
    const result = loadChunk('exam', importer).catch((failure: unknown) => failure);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(isChunkLoadError(await result)).toBe(true);
  });
});

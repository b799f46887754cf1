import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, loadChunk } from '../routes/load-chunk.ts';
import { ErrorPage } from './error-page.tsx';
import { layoutTexts } from './texts.ts';

/** A route whose chunk never loads, as after a deploy removed the old chunk files. */
function renderFailingRoute() {
  const router = createMemoryRouter(
    [
      {
        path: '/business/list',
        ErrorBoundary: ErrorPage,
        HydrateFallback: () => null,
        lazy: async () => {
          await loadChunk('cases', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
          return {};
        },
      },
    ],
    { initialEntries: ['/business/list'] },
  );
  render(<RouterProvider router={router} />);
}

/**
 * A page that loaded but draws a component of its own chunk (as StateBlock draws antd-mobile's ErrorBlock), whose
 * file cannot be fetched: React.lazy throws the engine's TypeError, not a ChunkLoadError.
 */
function renderPageWithFailingComponent() {
  const Block = lazy(() =>
    Promise.reject(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/error-block-impl-Dk3.js'),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/business/pending',
        ErrorBoundary: ErrorPage,
        Component: () => (
          <Suspense fallback={null}>
            <Block />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/business/pending'] },
  );
  render(<RouterProvider router={router} />);
}

describe('ErrorPage for a chunk that failed to load', () => {
  let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

  beforeEach(() => {
    sessionStorage.clear();
    replace = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'replace').mockImplementation(replace);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('reloads the page once with a cache-busting marker', async () => {
    await act(async () => renderFailingRoute());
    expect(await screen.findByText(layoutTexts.chunkReloading)).toBeTruthy();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]?.[0])).toMatch(/[?&]_r=\d+$/);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });

  it('offers a retry button in Chinese when the reload did not help', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ cases: 1 }));
    await act(async () => renderFailingRoute());
    expect(await screen.findByText(layoutTexts.chunkFailedTitle)).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]?.[0])).toMatch(/[?&]_r=\d+$/);
  });

  it('offline, says so in Chinese and reloads by itself when the network is back', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => renderFailingRoute());
    expect(await screen.findByText('网络已断开，恢复后将自动重新加载')).toBeTruthy();
    // A reload while offline would land on the browser's own error page: none yet.
    expect(replace).not.toHaveBeenCalled();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]?.[0])).toMatch(/[?&]_r=\d+$/);
  });

  it('offline after the one reload already happened, still reloads when the network is back', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ cases: 1 }));
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => renderFailingRoute());
    expect(await screen.findByText(layoutTexts.chunkOffline)).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("offline, a component's own chunk that cannot load says so in Chinese, never the English crash", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => renderPageWithFailingComponent());
    expect(await screen.findByText('网络已断开，恢复后将自动重新加载')).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error|Failed to fetch/)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("online, a component's own chunk that cannot load reloads the page once", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => renderPageWithFailingComponent());
    expect(await screen.findByText(layoutTexts.chunkReloading)).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(replace).toHaveBeenCalledTimes(1);
  });
});

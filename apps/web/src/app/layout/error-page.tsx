import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { hasReloadedForChunk, isChunkLoadError, reloadForChunk, reloadOnceForChunk } from '../routes/load-chunk.ts';
import { layoutTexts } from './texts.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A chunk that failed to load: one automatic cache-busting reload, then a retry button. Offline, a reload would
 * only show the browser's own error page: it waits for the network and reloads when it is back.
 */
function ChunkFailed() {
  // Decided once, so the second effect run of StrictMode (which finds the marker) does not flip the text.
  const [isOffline] = useState(() => globalThis.navigator?.onLine === false);
  const [isReloading] = useState(() => !isOffline && !hasReloadedForChunk());
  useEffect(() => {
    if (isReloading) reloadOnceForChunk();
  }, [isReloading]);
  useEffect(() => {
    if (!isOffline) return;
    const reload = () => reloadForChunk();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [isOffline]);

  if (isOffline) {
    return (
      <section className="full-page-message" role="status">
        <p className="full-page-message__text">{layoutTexts.chunkOffline}</p>
      </section>
    );
  }

  if (isReloading) {
    return (
      <section className="full-page-message" role="status">
        <p className="full-page-message__text">{layoutTexts.chunkReloading}</p>
      </section>
    );
  }
  return (
    <section className="full-page-message" role="alert">
      <h1 className="full-page-message__title">{layoutTexts.chunkFailedTitle}</h1>
      <p className="full-page-message__text">{layoutTexts.chunkFailedText}</p>
      <button type="button" className="link-button" onClick={() => reloadForChunk()}>
        {layoutTexts.retry}
      </button>
    </section>
  );
}

/** Route errors: a failed chunk (reloaded once, then a retry), or react-router's "Unexpected Application Error!". */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();

  if (isChunkLoadError(error)) return <ChunkFailed />;

  return (
    <section className="full-page-message" role="alert">
      <h1 className="full-page-message__title">{layoutTexts.errorTitle}</h1>
      <p className="full-page-message__text">{describe(error)}</p>
      <div className="full-page-message__actions">
        <button type="button" className="link-button link-button--ghost" onClick={() => void navigate(-1)}>
          {layoutTexts.back}
        </button>
        <button type="button" className="link-button" onClick={() => void navigate('/index', { replace: true })}>
          {layoutTexts.goHome}
        </button>
      </div>
    </section>
  );
}

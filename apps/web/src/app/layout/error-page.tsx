import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { hasReloadedForChunk, isChunkLoadError, reloadForChunk, reloadOnceForChunk } from '../routes/load-chunk.ts';
import { FullPageMessage } from './full-page-message.tsx';
import { layoutTexts } from './texts.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Route errors: a failed chunk (reloaded once, then a retry), or react-router's "Unexpected Application Error!". */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();

  if (isChunkLoadError(error)) return <ChunkFailed />;

  return (
    <FullPageMessage role="alert" title={layoutTexts.errorTitle} text={describe(error)}>
      <div className="full-page-message__actions">
        <button type="button" className="link-button link-button--ghost" onClick={() => void navigate(-1)}>
          {layoutTexts.back}
        </button>
        <button type="button" className="link-button" onClick={() => void navigate('/index', { replace: true })}>
          {layoutTexts.goHome}
        </button>
      </div>
    </FullPageMessage>
  );
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

  if (isOffline) return <FullPageMessage role="status" text={layoutTexts.chunkOffline} />;
  if (isReloading) return <FullPageMessage role="status" text={layoutTexts.chunkReloading} />;
  return (
    <FullPageMessage role="alert" title={layoutTexts.chunkFailedTitle} text={layoutTexts.chunkFailedText}>
      <button type="button" className="link-button" onClick={() => reloadForChunk()}>
        {layoutTexts.retry}
      </button>
    </FullPageMessage>
  );
}

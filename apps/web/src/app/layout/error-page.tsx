import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { failedChunkOf, hasReloadedForChunk, reloadForChunk, reloadOnceForChunk } from '../routes/load-chunk.ts';
import { FullPageMessage } from './full-page-message.tsx';
import { layoutTexts } from './texts.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

const isOffline = () => globalThis.navigator?.onLine === false;

/**
 * Route errors: a failed chunk, a route's or a component's own lazy one (reloaded once, then a retry), or
 * react-router's "Unexpected Application Error!". Offline, whatever failed, it says so in Chinese and reloads
 * when the network is back. Plain markup from the main chunk: an error page that loads a chunk cannot show
 * offline.
 */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();

  const chunk = failedChunkOf(error);
  if (chunk !== null || (isOffline() && !isRouteErrorResponse(error))) return <ChunkFailed chunk={chunk ?? 'page'} />;

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
function ChunkFailed({ chunk }: { chunk: string }) {
  // Decided once, so the second effect run of StrictMode (which finds the marker) does not flip the text.
  const [wasOffline] = useState(isOffline);
  const [isReloading] = useState(() => !wasOffline && !hasReloadedForChunk(chunk));
  useEffect(() => {
    if (isReloading) reloadOnceForChunk(chunk);
  }, [isReloading, chunk]);
  useEffect(() => {
    if (!wasOffline) return;
    const reload = () => reloadForChunk(chunk);
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [wasOffline, chunk]);

  if (wasOffline) return <FullPageMessage role="status" text={layoutTexts.chunkOffline} />;
  if (isReloading) return <FullPageMessage role="status" text={layoutTexts.chunkReloading} />;
  return (
    <FullPageMessage role="alert" title={layoutTexts.chunkFailedTitle} text={layoutTexts.chunkFailedText}>
      <button type="button" className="link-button" onClick={() => reloadForChunk(chunk)}>
        {layoutTexts.retry}
      </button>
    </FullPageMessage>
  );
}

import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError } from '../routes/load-chunk.ts';
import { layoutTexts } from './texts.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Route errors: a failed chunk (with a reload), or react-router's "Unexpected Application Error!". */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();

  if (isChunkLoadError(error)) {
    return (
      <section className="full-page-message" role="alert">
        <h1 className="full-page-message__title">{layoutTexts.chunkFailedTitle}</h1>
        <p className="full-page-message__text">{error.message}</p>
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          {layoutTexts.reload}
        </button>
      </section>
    );
  }

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

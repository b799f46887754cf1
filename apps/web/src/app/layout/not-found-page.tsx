import { Link } from 'react-router';
import { layoutTexts } from './texts.ts';

export function NotFoundPage() {
  return (
    <section className="full-page-message">
      <div className="full-page-message__icon" aria-hidden="true">
        404
      </div>
      <h1 className="full-page-message__title">{layoutTexts.notFoundTitle}</h1>
      <p className="full-page-message__text">{layoutTexts.notFoundDescription}</p>
      <Link className="link-button" to="/index" replace>
        {layoutTexts.goHome}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { FullPageMessage } from './full-page-message.tsx';
import { layoutTexts } from './texts.ts';

export function NotFoundPage() {
  return (
    <FullPageMessage icon="404" title={layoutTexts.notFoundTitle} text={layoutTexts.notFoundDescription}>
      <Link className="link-button" to="/index" replace>
        {layoutTexts.goHome}
      </Link>
    </FullPageMessage>
  );
}

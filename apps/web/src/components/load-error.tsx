import { Button, ErrorBlock } from 'antd-mobile';
import { componentTexts as T } from './texts.ts';

/**
 * A page whose data failed to load: the reason and a retry button, so a person on a weak network is never left
 * with a message and nothing to tap (pull-to-refresh is not obvious on every page).
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="page" role="alert">
      <ErrorBlock status="default" title={T.loadFailedTitle} description={message}>
        <Button color="primary" onClick={onRetry}>
          {T.retry}
        </Button>
      </ErrorBlock>
    </div>
  );
}

import { Button } from 'antd-mobile';
import { StateBlock } from './state-block.tsx';
import { componentTexts as T } from './texts.ts';

export type LoadErrorProps = {
  message: string;
  onRetry: () => void;
  /** A feature's own wording of the failure, where its pages already said it their way. */
  title?: string;
};

/**
 * A page whose data failed to load: the reason and a retry button, so a person on a weak network is never left
 * with a message and nothing to tap (pull-to-refresh is not obvious on every page).
 */
export function LoadError({ message, onRetry, title = T.loadFailedTitle }: LoadErrorProps) {
  return (
    <div className="page" role="alert">
      <StateBlock status="default" title={title} description={message}>
        <Button color="primary" onClick={onRetry}>
          {T.retry}
        </Button>
      </StateBlock>
    </div>
  );
}

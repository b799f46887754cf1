import { Button } from 'antd-mobile';
import type { SubmitFailure } from '../lib/use-idempotent-submit.ts';
import { componentTexts as T } from './texts.ts';

export type NetworkRetryProps = {
  /** The submit that did not reach the server; nothing shows while there is none. */
  failure: SubmitFailure | null;
};

/**
 * Under a create form whose submit did not get through: why, and 重试, which sends the same submit again (same
 * values, same idempotency key), so a person on a weak network neither loses what was typed nor makes the
 * record twice.
 */
export function NetworkRetry({ failure }: NetworkRetryProps) {
  if (!failure) return null;
  return (
    <div className="network-retry" role="alert">
      <span className="network-retry__message">{failure.message}</span>
      <span className="network-retry__hint">{T.submitNotSent}</span>
      <Button size="small" color="primary" onClick={failure.retry}>
        {T.retry}
      </Button>
    </div>
  );
}

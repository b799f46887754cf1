import { useRef, type PointerEvent } from 'react';
import { showToast } from '../lib/toast.ts';
import { componentTexts as T } from './texts.ts';

const FULL_PHONE = /^1\d{10}$/;

/**
 * A client's phone number: one tap calls it (a `tel:` link) when the number is whole; a masked number from a
 * list is only text, since it cannot be dialled.
 */
export function PhoneLink({ phone }: { phone: string }) {
  return FULL_PHONE.test(phone) ? <a href={`tel:${phone}`}>{phone}</a> : <span>{phone}</span>;
}

/** How long a press is held before it counts as a long press (the platform's usual half second). */
const LONG_PRESS_MS = 500;

/**
 * An ID or bank-card number that a long press copies, as a phone user expects of a number they must type
 * elsewhere (a bank's app, a form). A short tap does nothing, so scrolling over it is harmless.
 */
export function CopyOnLongPress({ value }: { value: string }) {
  const timer = useRef<number | null>(null);
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  const start = (event: PointerEvent) => {
    if (event.button !== 0) return;
    cancel();
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void navigator.clipboard.writeText(value).then(
        () => showToast({ content: T.copied, icon: 'success' }),
        () => showToast({ content: T.copyFailed }),
      );
    }, LONG_PRESS_MS);
  };
  return (
    <span
      className="copy-on-long-press"
      title={T.longPressToCopy}
      onPointerDown={start}
      onPointerUp={cancel}
      onPointerLeave={cancel}
      onPointerCancel={cancel}
      onContextMenu={(event) => event.preventDefault()}
    >
      {value}
    </span>
  );
}

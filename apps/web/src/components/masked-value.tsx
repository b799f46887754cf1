import { isMasked } from '@crm/domain/validation';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../lib/toast.ts';
import { CopyOnLongPress, PhoneLink } from './contact-values.tsx';
import { componentTexts as T } from './texts.ts';

export type MaskedKind = 'phone' | 'idNumber' | 'bankCard';

export interface RevealableValueProps {
  /** As the server sent it: masked for every role (decision 065), or whole where the caller typed it. */
  value: string;
  kind: MaskedKind;
  /** Asks the server for the full value; the server logs who looked before it answers. */
  reveal: () => Promise<string>;
}

/**
 * A phone, ID number or bank card shown masked with a 查看 button (decision 065). The tap asks the server,
 * which writes the view to its log, and shows the full number (a phone as a call link) until the page closes.
 */
export function RevealableValue({ value, kind, reveal }: RevealableValueProps) {
  const [full, setFull] = useState<string | null>(isMasked(value) ? null : value);
  const [pending, setPending] = useState(false);
  if (full !== null) return kind === 'phone' ? <PhoneLink phone={full} /> : <CopyOnLongPress value={full} />;
  const show = async () => {
    setPending(true);
    try {
      setFull(await reveal());
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="masked-value">
      <span>{value}</span>{' '}
      <Button
        size="mini"
        fill="none"
        color="primary"
        loading={pending}
        aria-label={T.revealOf(T[kind])}
        onClick={() => void show()}
      >
        {T.reveal}
      </Button>
    </span>
  );
}

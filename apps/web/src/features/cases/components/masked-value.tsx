import type { PersonalField } from '@crm/domain/api/cases';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { CopyOnLongPress, PhoneLink } from '../../../components/contact-values.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useRevealClient } from '../api/reveal-client.ts';
import { casesTexts } from '../texts.ts';

export interface MaskedValueProps {
  caseId: number;
  field: PersonalField;
  /** As the server sent it: full for the owner, masked (first 3, last 4) for everyone else. */
  value: string;
  masked: boolean;
}

/**
 * A client's phone, ID number or bank card (decision 058): the owner sees it whole; anyone else sees it
 * masked with a 查看 button that asks the server for the full value, which logs who looked.
 */
export function MaskedValue({ caseId, field, value, masked }: MaskedValueProps) {
  const reveal = useRevealClient();
  const [full, setFull] = useState<string | null>(masked ? null : value);
  if (full !== null) return field === 'phone' ? <PhoneLink phone={full} /> : <CopyOnLongPress value={full} />;
  const show = async () => {
    try {
      setFull(await reveal.mutateAsync({ id: caseId, field }));
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };
  return (
    <span className="masked-value">
      <span>{value}</span>{' '}
      <Button
        size="mini"
        fill="none"
        color="primary"
        loading={reveal.isPending}
        aria-label={casesTexts.detail.revealOf(
          casesTexts.detail.fields[field === 'id_number' ? 'idNumber' : field === 'bank_card' ? 'bankCard' : 'phone'],
        )}
        onClick={() => void show()}
      >
        {casesTexts.detail.reveal}
      </Button>
    </span>
  );
}

import type { CorpOption } from '@crm/domain/api/auth';
import { Picker } from 'antd-mobile';

export type CorpPickerSheetProps = {
  options: CorpOption[];
  value: number | null;
  visible: boolean;
  title: string;
  confirmText: string;
  cancelText: string;
  onClose: () => void;
  onConfirm: (value: number) => void;
};

/** antd-mobile's Picker, in its own chunk: loaded on the first tap so the login page stays light. */
export function CorpPickerSheet({
  options,
  value,
  visible,
  title,
  confirmText,
  cancelText,
  onClose,
  onConfirm,
}: CorpPickerSheetProps) {
  return (
    <Picker
      columns={[options.map((option) => ({ label: option.label, value: option.value }))]}
      value={value === null ? [] : [value]}
      visible={visible}
      title={title}
      confirmText={confirmText}
      cancelText={cancelText}
      onClose={onClose}
      onConfirm={(values) => {
        const [picked] = values;
        if (typeof picked === 'number') onConfirm(picked);
        else if (typeof picked === 'string' && picked !== '') onConfirm(Number(picked));
      }}
    />
  );
}

import type { CorpOption } from '@crm/domain/api/auth';
import { lazy } from 'react';
import { PickerTrigger, useLazySheet } from '../../../components/picker-trigger.tsx';

const CorpPickerSheet = lazy(() =>
  import('./corp-picker-sheet.tsx').then((module) => ({ default: module.CorpPickerSheet })),
);

export type CorpFieldProps = {
  id: string;
  options: CorpOption[];
  value: number | null;
  placeholder: string;
  title: string;
  confirmText: string;
  cancelText: string;
  describedBy?: string;
  onChange: (value: number) => void;
};

/**
 * The company picker: a plain button until the first tap brings in the Picker chunk. A button cannot carry
 * aria-invalid (ARIA gives the role no such state); its error reaches a screen reader through describedBy.
 */
export function CorpField({
  id,
  options,
  value,
  placeholder,
  title,
  confirmText,
  cancelText,
  describedBy,
  onChange,
}: CorpFieldProps) {
  const sheet = useLazySheet();
  const selected = options.find((option) => option.value === value);

  return (
    <>
      <PickerTrigger
        id={id}
        label={selected ? selected.label : placeholder}
        isEmpty={!selected}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={sheet.open}
      />
      {sheet.mount(
        <CorpPickerSheet
          options={options}
          value={value}
          visible={sheet.isOpen}
          title={title}
          confirmText={confirmText}
          cancelText={cancelText}
          onClose={sheet.close}
          onConfirm={(picked) => {
            sheet.close();
            onChange(picked);
          }}
        />,
      )}
    </>
  );
}

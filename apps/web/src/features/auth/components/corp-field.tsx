import type { CorpOption } from '@crm/domain/api/auth';
import { lazy, Suspense, useState } from 'react';

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
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const selected = options.find((option) => option.value === value);

  return (
    <>
      <button
        id={id}
        type="button"
        className={`picker-trigger${selected ? '' : ' picker-trigger--empty'}`}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        <span>{selected ? selected.label : placeholder}</span>
        <span className="picker-trigger__arrow" aria-hidden="true">
          ›
        </span>
      </button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <CorpPickerSheet
            options={options}
            value={value}
            visible={isOpen}
            title={title}
            confirmText={confirmText}
            cancelText={cancelText}
            onClose={() => setIsOpen(false)}
            onConfirm={(picked) => {
              setIsOpen(false);
              onChange(picked);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

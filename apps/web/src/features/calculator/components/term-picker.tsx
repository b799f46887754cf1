import { CALCULATOR_TERMS } from '@crm/domain/calculator';
import { Picker } from 'antd-mobile';
import type { calculatorTexts } from '../texts.ts';

export type TermPickerProps = {
  value: number | null;
  visible: boolean;
  texts: typeof calculatorTexts;
  onClose: () => void;
  onPick: (months: number) => void;
};

/** The sheet that picks the loan's term; its own chunk, loaded on the first tap of the field. */
export function TermPicker({ value, visible, texts, onClose, onPick }: TermPickerProps) {
  return (
    <Picker
      columns={[CALCULATOR_TERMS.map((months) => ({ label: texts.termOption(months), value: months }))]}
      value={value === null ? [] : [value]}
      visible={visible}
      title={texts.termLabel}
      confirmText={texts.confirm}
      cancelText={texts.cancel}
      onClose={onClose}
      onConfirm={([picked]) => {
        if (picked !== null && picked !== undefined) onPick(Number(picked));
      }}
    />
  );
}

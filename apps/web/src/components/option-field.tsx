import { Picker } from 'antd-mobile';
import { listTexts as T } from './texts.ts';

export type OptionFieldOption = { value: number | string; label: string };
export type OptionFieldProps = {
  id: string;
  value: string;
  options: readonly OptionFieldOption[];
  onChange: (value: string) => void;
  placeholder?: string;
};

/** A form field that opens a bottom picker sheet of options; the value travels as a string. */
export function OptionField({ id, value, options, onChange, placeholder = T.select }: OptionFieldProps) {
  const selected = options.find((option) => String(option.value) === value);
  const open = async () => {
    const picked = await Picker.prompt({
      columns: [options.map((option) => ({ label: option.label, value: String(option.value) }))],
      defaultValue: value ? [value] : undefined,
      confirmText: T.confirm,
      cancelText: T.cancel,
    });
    if (picked?.[0] != null) onChange(String(picked[0]));
  };
  return (
    <button
      id={id}
      type="button"
      className={`picker-trigger${selected ? '' : ' picker-trigger--empty'}`}
      onClick={() => void open()}
    >
      <span>{selected?.label ?? placeholder}</span>
      <span className="picker-trigger__arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

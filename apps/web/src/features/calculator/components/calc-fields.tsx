import { Input, Radio, Space, type InputProps } from 'antd-mobile';
import type { ReactNode } from 'react';

export type CalcInputFieldProps = {
  label: string;
  unit: string;
  /** The form hook's `input(key)`: its id is the one the label names. */
  input: { id: string; value: string; onChange: (value: string) => void };
  inputMode: InputProps['inputMode'];
  placeholder: string;
  maxLength: number;
  error: ReactNode;
};

/** A number typed with its unit beside it. */
export function CalcInputField({ label, unit, input, inputMode, placeholder, maxLength, error }: CalcInputFieldProps) {
  return (
    <div className="calc-field">
      <label className="calc-field__label" htmlFor={input.id}>
        {label}
      </label>
      <div className="calc-field__row">
        <Input inputMode={inputMode} placeholder={placeholder} {...input} maxLength={maxLength} />
        <span className="calc-field__unit">{unit}</span>
      </div>
      {error}
    </div>
  );
}

export type CalcRadioFieldProps<K extends string> = {
  legend: string;
  options: ReadonlyArray<{ value: number; key: K }>;
  labels: Partial<Record<K, string>>;
  value: number | undefined;
  onChange: (value: number) => void;
  error: ReactNode;
};

/** One choice of a few options, each named in the person's locale. */
export function CalcRadioField<K extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: CalcRadioFieldProps<K>) {
  return (
    <fieldset className="calc-field">
      <legend className="calc-field__label">{legend}</legend>
      <Radio.Group value={value} onChange={(picked) => onChange(Number(picked))}>
        <Space wrap>
          {options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {labels[option.key] ?? option.key}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {error}
    </fieldset>
  );
}

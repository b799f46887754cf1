import { showToast } from '../lib/toast.ts';
import { PickerTrigger } from './picker-trigger.tsx';
import { componentTexts, listTexts as T } from './texts.ts';

/*
 * antd-mobile's Picker brings its popup, the mask and their animation and gesture libraries: about 28 KB
 * gzipped and a dozen files, which a list page with a status filter would otherwise wait for before it
 * draws. They load on the first touch or focus of a field, so they are in by the time the tap opens the sheet.
 */
const loadPicker = () => import('./option-picker.ts');
const preloadPicker = () => void loadPicker().catch(() => undefined);

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
    let Picker: Awaited<ReturnType<typeof loadPicker>>['Picker'];
    try {
      ({ Picker } = await loadPicker());
    } catch {
      showToast({ content: componentTexts.loadFailedTitle });
      return;
    }
    const picked = await Picker.prompt({
      columns: [options.map((option) => ({ label: option.label, value: String(option.value) }))],
      defaultValue: value ? [value] : undefined,
      confirmText: T.confirm,
      cancelText: T.cancel,
    });
    if (picked?.[0] != null) onChange(String(picked[0]));
  };
  return (
    <PickerTrigger
      id={id}
      label={selected?.label ?? placeholder}
      isEmpty={!selected}
      onPointerDown={preloadPicker}
      onFocus={preloadPicker}
      onClick={() => void open()}
    />
  );
}

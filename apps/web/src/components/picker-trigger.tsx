import { Suspense, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

/** The button a picker sheet opens from: the chosen label (the placeholder, greyed, while empty) and an arrow. */
export function PickerTrigger({
  label,
  isEmpty,
  ...button
}: { label: string; isEmpty: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button type="button" className={`picker-trigger${isEmpty ? ' picker-trigger--empty' : ''}`} {...button}>
      <span>{label}</span>
      <span className="picker-trigger__arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

/**
 * A sheet whose code is a lazy chunk: nothing is mounted (nor downloaded) until the first open, and it stays
 * mounted after, so closing can animate. `open` is for the trigger, `sheet` for the sheet's visibility.
 */
export function useLazySheet() {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return {
    isOpen,
    open: () => {
      setWasOpened(true);
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
    /** The sheet once it has been opened, loading in a Suspense of its own (the page stays as it is). */
    mount: (sheet: ReactNode) => (wasOpened ? <Suspense fallback={null}>{sheet}</Suspense> : null),
  };
}

import { Button, type ButtonProps } from 'antd-mobile';
import { useRef, useState } from 'react';

export type CameraButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** The accessible name of the hidden file input (what tests and screen readers pick the photo with). */
  inputLabel: string;
  accept?: string;
  /** Handles the photo; the button shows its loading state until the returned promise settles. */
  onFile: (file: File) => Promise<unknown> | void;
};

/** A button that opens the phone's camera (or its photo picker) and hands over the one photo taken. */
export function CameraButton({ inputLabel, accept = 'image/*', onFile, loading, ...button }: CameraButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [handling, setHandling] = useState(false);
  const take = (file: File) => {
    setHandling(true);
    void Promise.resolve(onFile(file)).finally(() => setHandling(false));
  };
  return (
    <>
      <Button {...button} loading={handling || loading} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept={accept}
        capture="environment"
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that taking the same photo again still fires a change.
          event.target.value = '';
          if (file) take(file);
        }}
      />
    </>
  );
}

import { Button, type ButtonProps } from 'antd-mobile';
import { useRef } from 'react';

export type CameraButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** The accessible name of the hidden file input (what tests and screen readers pick the photo with). */
  inputLabel: string;
  accept?: string;
  onFile: (file: File) => void;
};

/** A button that opens the phone's camera (or its photo picker) and hands over the one photo taken. */
export function CameraButton({ inputLabel, accept = 'image/*', onFile, ...button }: CameraButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
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
          if (file) onFile(file);
        }}
      />
    </>
  );
}

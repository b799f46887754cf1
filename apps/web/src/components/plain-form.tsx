import type { ReactNode } from 'react';

export type PlainFormProps = {
  className: string;
  /** Runs on submit (Enter in a field, or a submit button); a promise it returns is not awaited. */
  onSubmit: () => unknown;
  children: ReactNode;
};

/**
 * A form whose checks are the page's own (the schema form hook, the domain's rules), not the browser's: the
 * browser neither shows its bubbles nor navigates on submit.
 */
export function PlainForm({ className, onSubmit, children }: PlainFormProps) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

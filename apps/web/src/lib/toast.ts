/**
 * The toast, loaded after first paint (lib/toast-impl.ts). The login page is the app's bundle-budget page
 * (ARCHITECTURE.md: ~120 KB gzipped); Toast's animation library is the largest thing it would otherwise
 * load up front, and a toast is only ever needed after the page is shown.
 */
import type * as ToastImpl from './toast-impl.ts';

export type ToastOptions = {
  content: string;
  icon?: 'success' | 'fail' | 'loading';
  duration?: number;
};

let toastModule: Promise<typeof ToastImpl> | null = null;

export function preloadToast(): Promise<typeof ToastImpl> {
  toastModule ??= import('./toast-impl.ts').catch((error: unknown) => {
    toastModule = null;
    throw error;
  });
  return toastModule;
}

export function showToast(options: ToastOptions): void {
  preloadToast().then(
    ({ Toast }) => {
      Toast.show({ ...options, maskClickable: true });
    },
    () => {
      // The chunk could not load (offline): the message must still reach the person.
      window.alert(options.content);
    },
  );
}

/** Shows what went wrong: a typed API error's message, or whatever else was thrown. */
export function showErrorToast(error: unknown): void {
  showToast({ content: error instanceof Error ? error.message : String(error) });
}

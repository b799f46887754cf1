import { showErrorToast, showToast } from './toast.ts';

/**
 * Sends a portal's login or sign-up and goes in: the server's welcome (or `done`) as a toast, then `goIn`.
 * A refusal is toasted and the form keeps what was typed.
 */
export async function enterPortal(send: () => Promise<{ msg: string }>, done: string, goIn: () => void): Promise<void> {
  try {
    const { msg } = await send();
    showToast({ content: msg || done, icon: 'success' });
    goIn();
  } catch (error) {
    showErrorToast(error);
  }
}

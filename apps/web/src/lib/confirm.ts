import { Dialog } from 'antd-mobile';

/** The two buttons of a confirmation, in the feature's own words (and the person's locale). */
export type ConfirmTexts = { confirm: string; cancel: string };

/** Asks before a step that cannot be taken back; true when the person confirmed. */
export function askToConfirm(content: string, texts: ConfirmTexts): Promise<boolean> {
  // The question names the dialog for a screen reader (axe: aria-dialog-name); antd-mobile leaves it unnamed.
  return Dialog.confirm({ content, 'aria-label': content, confirmText: texts.confirm, cancelText: texts.cancel });
}

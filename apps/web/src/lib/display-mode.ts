import { readItem, STORAGE_KEYS, writeItem } from './storage.ts';

/**
 * The two display modes of issue 49 (decision 075): 长辈版 (larger text and targets, a choice the person makes on the
 * home page, remembered on the phone) and dark (the phone's choice, never the person's here). Both are one mark on
 * <html> that the stylesheets read through antd-mobile's variables and the app's own (index.css); no page knows.
 *
 * The marks are set by the small inline script in index.html's head before the first paint (no flash of the light
 * or small page: lib/pre-paint-script.ts); here only the switch, which the home page loads.
 */

/** The class on <html> in 长辈版. */
export const ELDER_CLASS = 'elder-mode';
/** antd-mobile 5's own switch to its dark variables (its theme-dark.css), read by index.css too. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-prefers-color-scheme';

/** The phone's theme as a media query. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * WeCom's Android client does not answer the media query; it says its theme in the user agent instead
 * (`ColorScheme/Dark` or `ColorScheme/Light`, WeCom 3.1.8+, its 深色模式适配指南). Dark is on when either the phone
 * (the media query) or WeCom (its user agent) says so: lib/pre-paint-script.ts.
 */
export const DARK_USER_AGENT = /ColorScheme\/Dark/i;

export function isElderMode(): boolean {
  return readItem(STORAGE_KEYS.elderMode) === '1';
}

function applyElder(root: HTMLElement, isOn: boolean) {
  root.classList.toggle(ELDER_CLASS, isOn);
}

/** The home page's switch: the page changes at once, and every later visit on this phone starts in it. */
export function setElderMode(isOn: boolean, root: HTMLElement = document.documentElement): void {
  writeItem(STORAGE_KEYS.elderMode, isOn ? '1' : '0');
  applyElder(root, isOn);
}

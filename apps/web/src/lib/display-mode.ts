import { readItem, STORAGE_KEYS, writeItem } from './storage.ts';

/**
 * The two display modes of issue 49 (decision 074): 长辈版 (larger text and targets, a choice the person makes on the
 * home page, remembered on the phone) and dark (the phone's choice, never the person's here). Both are one mark on
 * <html> that the stylesheets read through antd-mobile's variables and the app's own (index.css); no page knows.
 *
 * The marks are set twice: by the small inline script in index.html's head before the first paint (no flash of the
 * light or small page), and again here when the app starts, for a page that came without it.
 */

/** The class on <html> in 长辈版. */
export const ELDER_CLASS = 'elder-mode';
/** antd-mobile 5's own switch to its dark variables (its theme-dark.css), read by index.css too. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-prefers-color-scheme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * WeCom's Android client does not answer the media query; it says its theme in the user agent instead
 * (`ColorScheme/Dark` or `ColorScheme/Light`, WeCom 3.1.8+, its 深色模式适配指南).
 */
export const isDarkUserAgent = (userAgent: string): boolean => /ColorScheme\/Dark/i.test(userAgent);

/** Dark when either the phone (the media query) or WeCom (its user agent) says so. */
export function isDarkWanted(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
  prefersDark: boolean = globalThis.matchMedia?.(DARK_QUERY).matches ?? false,
): boolean {
  return isDarkUserAgent(userAgent) || prefersDark;
}

export function isElderMode(): boolean {
  return readItem(STORAGE_KEYS.elderMode) === '1';
}

function applyElder(root: HTMLElement, isOn: boolean) {
  root.classList.toggle(ELDER_CLASS, isOn);
}

function applyDark(root: HTMLElement, isDark: boolean) {
  if (isDark) root.setAttribute(COLOR_SCHEME_ATTRIBUTE, 'dark');
  else root.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
}

/** The home page's switch: the page changes at once, and every later visit on this phone starts in it. */
export function setElderMode(isOn: boolean, root: HTMLElement = document.documentElement): void {
  writeItem(STORAGE_KEYS.elderMode, isOn ? '1' : '0');
  applyElder(root, isOn);
}

/**
 * Applies both modes and follows the phone's theme while the app is open (the user agent cannot change under a
 * running page; the media query can). Returns the unsubscribe.
 */
export function startDisplayModes(root: HTMLElement = document.documentElement): () => void {
  applyElder(root, isElderMode());
  const media = globalThis.matchMedia?.(DARK_QUERY);
  applyDark(root, isDarkWanted(globalThis.navigator?.userAgent ?? '', media?.matches ?? false));
  if (!media) return () => undefined;
  const follow = (event: MediaQueryListEvent) =>
    applyDark(root, isDarkWanted(globalThis.navigator?.userAgent ?? '', event.matches));
  media.addEventListener('change', follow);
  return () => media.removeEventListener('change', follow);
}

/**
 * The inline script of index.html's head (apps/web/vite.config.ts puts it there): what startDisplayModes does
 * first, in ES5 and in a few hundred bytes, before the stylesheet paints anything. The server allows exactly this
 * text by its hash in the page's CSP (apps/server/src/plugins/browser-security.ts); display-mode.test.ts runs it.
 */
export const PRE_PAINT_SCRIPT =
  `(function(e){try{if(/ColorScheme\\/Dark/i.test(navigator.userAgent)||matchMedia(${JSON.stringify(DARK_QUERY)}).matches)` +
  `e.setAttribute(${JSON.stringify(COLOR_SCHEME_ATTRIBUTE)},"dark")}catch(x){}` +
  `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.elderMode)})==="1")e.classList.add(${JSON.stringify(ELDER_CLASS)})}catch(x){}` +
  `})(document.documentElement)`;

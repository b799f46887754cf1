import { COLOR_SCHEME_ATTRIBUTE, DARK_QUERY, DARK_USER_AGENT, ELDER_CLASS } from './display-mode.ts';
import { STORAGE_KEYS } from './storage.ts';

/**
 * The inline script of index.html's head (apps/web/vite.config.ts puts it there), all the display modes need at
 * run time (lib/display-mode.ts): the marks on <html> before the stylesheet paints anything, and dark mode kept in
 * step with the phone's theme while the app is open (a user agent cannot change under a running page; the media
 * query can). ES5, a few hundred bytes, and nothing in the app's main chunk. The server allows exactly this text by
 * its hash in the page's CSP (apps/server/src/plugins/browser-security.ts); display-mode.test.ts runs it.
 */
export const PRE_PAINT_SCRIPT =
  `(function(e,a){var u=/${DARK_USER_AGENT.source}/${DARK_USER_AGENT.flags}.test(navigator.userAgent),q;` +
  `try{q=matchMedia(${JSON.stringify(DARK_QUERY)})}catch(x){}` +
  `function f(){u||q&&q.matches?e.setAttribute(a,"dark"):e.removeAttribute(a)}f();` +
  `try{q.addEventListener?q.addEventListener("change",f):q.addListener(f)}catch(x){}` +
  `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.elderMode)})==="1")e.classList.add(${JSON.stringify(ELDER_CLASS)})}catch(x){}` +
  `})(document.documentElement,${JSON.stringify(COLOR_SCHEME_ATTRIBUTE)})`;

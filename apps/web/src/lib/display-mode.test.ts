import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_ATTRIBUTE, DARK_USER_AGENT, ELDER_CLASS, setElderMode } from './display-mode.ts';
import { PRE_PAINT_SCRIPT } from './pre-paint-script.ts';
import { readItem, STORAGE_KEYS } from './storage.ts';

const WECOM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/120.0.6099.230 Mobile Safari/537.36 wxwork/4.1.30 MicroMessenger/7.0.1 NetType/WIFI Language/zh';

/** A phone: its user agent, and a theme media query that can change while the page is open. */
function phone(userAgent: string, prefersDark = false) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const media = {
    matches: prefersDark,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => (query === '(prefers-color-scheme: dark)' ? media : { matches: false })),
  );
  return {
    switchTheme(isDark: boolean) {
      media.matches = isDark;
      listeners.forEach((listener) => listener({ matches: isDark } as MediaQueryListEvent));
    },
  };
}

const root = document.documentElement;
const isDark = () => root.getAttribute(COLOR_SCHEME_ATTRIBUTE) === 'dark';
const isElder = () => root.classList.contains(ELDER_CLASS);
/** What index.html's head does before anything paints (the script the server allows by its hash). */
// The browser runs that string as it parses the head; happy-dom does not run inline scripts, so the test runs the
// same string itself.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the string under test is a script, by design
const runPrePaint = () => (new Function(PRE_PAINT_SCRIPT) as () => void)();

beforeEach(() => localStorage.clear());
afterEach(() => {
  root.classList.remove(ELDER_CLASS);
  root.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('dark mode', () => {
  it.each([
    ['WeCom says ColorScheme/Dark', `${WECOM_ANDROID} ColorScheme/Dark`, false, true],
    ['WeCom says ColorScheme/Light, the phone light', `${WECOM_ANDROID} ColorScheme/Light`, false, false],
    ['the phone prefers dark (no token)', WECOM_ANDROID, true, true],
    ['neither', WECOM_ANDROID, false, false],
  ])('is set before the first paint when %s', (_case, userAgent, prefersDark, expected) => {
    phone(userAgent, prefersDark);
    runPrePaint();
    expect(isDark()).toBe(expected);
  });

  it('reads the token whatever its case, and only as WeCom writes it', () => {
    expect(DARK_USER_AGENT.test('… colorscheme/dark')).toBe(true);
    expect(DARK_USER_AGENT.test('… ColorScheme/Light')).toBe(false);
    expect(DARK_USER_AGENT.test('… Dark ColorScheme')).toBe(false);
  });

  it('follows the phone when its theme changes while the app is open', () => {
    const device = phone(WECOM_ANDROID);
    runPrePaint();
    expect(isDark()).toBe(false);
    device.switchTheme(true);
    expect(isDark()).toBe(true);
    device.switchTheme(false);
    expect(isDark()).toBe(false);
  });

  it('stays dark in a dark WeCom whatever the phone says', () => {
    const device = phone(`${WECOM_ANDROID} ColorScheme/Dark`);
    runPrePaint();
    device.switchTheme(false);
    expect(isDark()).toBe(true);
  });
});

describe('长辈版', () => {
  it('is remembered: the next visit starts in it before the first paint, until it is switched off', () => {
    phone(WECOM_ANDROID);
    setElderMode(true);
    expect(isElder()).toBe(true);
    expect(readItem(STORAGE_KEYS.elderMode)).toBe('1');

    // The next visit: a fresh page, the head script first.
    root.classList.remove(ELDER_CLASS);
    runPrePaint();
    expect(isElder()).toBe(true);

    setElderMode(false);
    expect(isElder()).toBe(false);
    runPrePaint();
    expect(isElder()).toBe(false);
  });

  it('starts off, and a phone without storage still opens the app', () => {
    phone(WECOM_ANDROID);
    runPrePaint();
    expect(isElder()).toBe(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runPrePaint).not.toThrow();
    expect(isElder()).toBe(false);
  });
});

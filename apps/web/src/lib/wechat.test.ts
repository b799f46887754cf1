import { afterEach, describe, expect, it } from 'vitest';
import { opensInAnyBrowser } from '../app/layout/titles.ts';
import { detectBrowser, isDemoMode, mustOpenInWechat } from './wechat.ts';

const WECOM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN';
const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('detectBrowser', () => {
  it('takes a UA with both wxwork and MicroMessenger for WeCom', () => {
    expect(detectBrowser(WECOM_UA)).toBe('wxwork');
  });
  it('recognises WeChat', () => {
    expect(detectBrowser(WECHAT_UA)).toBe('wechat');
  });
  it('sees a plain browser as other', () => {
    expect(detectBrowser(CHROME_UA)).toBe('other');
  });
});

describe('isDemoMode', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('reads the crm-mode meta the server rewrites', () => {
    document.head.innerHTML = '<meta name="crm-mode" content="demo">';
    expect(isDemoMode(document)).toBe(true);
  });
  it('is off in production and without the meta', () => {
    document.head.innerHTML = '<meta name="crm-mode" content="production">';
    expect(isDemoMode(document)).toBe(false);
    document.head.innerHTML = '';
    expect(isDemoMode(document)).toBe(false);
  });
});

/** The gate as the app shell asks it: the route's guard from the route tables (the tests load the section one). */
const mustOpen = (userAgent: string, pathname: string, search = '', isDemo = false) =>
  mustOpenInWechat({ userAgent, pathname, search, isDemo, anyBrowser: opensInAnyBrowser(pathname) });

describe('mustOpenInWechat', () => {
  it.each(['/calculator', '/houseloan/bestList', '/houseloan/bestDetail/12', '/admin', '/admin/staff', '/admin/nope'])(
    'exempts %s, whose guard says any browser',
    (pathname) => {
      expect(opensInAnyBrowser(pathname)).toBe(true);
      expect(mustOpen(CHROME_UA, pathname)).toBe(false);
    },
  );

  it('blocks other pages in a plain browser', () => {
    expect(mustOpen(CHROME_UA, '/login')).toBe(true);
    expect(mustOpen(CHROME_UA, '/houseloan/list')).toBe(true);
    expect(mustOpen(CHROME_UA, '/administrator')).toBe(true);
  });

  it("lets a desktop browser open the back office's login, and only that login", () => {
    expect(mustOpen(CHROME_UA, '/login', '?to=admin')).toBe(false);
    expect(mustOpen(CHROME_UA, '/login', '?to=index')).toBe(true);
    expect(mustOpen(CHROME_UA, '/index', '?to=admin')).toBe(true);
  });

  it('lets WeCom and WeChat in', () => {
    expect(mustOpen(WECOM_UA, '/login')).toBe(false);
    expect(mustOpen(WECHAT_UA, '/index')).toBe(false);
  });

  it('lets any browser in demo mode', () => {
    expect(mustOpen(CHROME_UA, '/login', '', true)).toBe(false);
  });
});

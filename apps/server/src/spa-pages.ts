import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type CompressedPage = Record<'plain' | 'br' | 'gzip', Buffer>;

/**
 * An HTML page in the three codings a browser may ask for, compressed once: the page is the first request of
 * every visit and never cached (it carries the app's stylesheet inline), so it travels as brotli.
 */
export function compressedPage(html: string): CompressedPage {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

type RoutePreloads = { routes: Array<[pattern: string, files: string[]]> };

/** `/business/detail/:id` → a test of the path alone; `:name?` may be absent. */
function patternTest(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

/**
 * The preload tags of one route: scripts as module preloads, stylesheets as preloads (a stylesheet link would
 * block the static shell's paint). At low priority, so the main script, which must run before any of them is
 * used, gets the bandwidth first; measured, this brought the pages' LCP down further on slow 4G and kept
 * Lighthouse from counting them as render-blocking (decision 061).
 */
function preloadTags(files: string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
    )
    .join('');
}

/**
 * The staff app's page for each address: index.html plus, where the build listed them (`route-preloads.json`,
 * apps/web/vite.config.ts), preloads of the files that address's page will load, so the browser fetches them
 * with the main script rather than once it has run. One compressed copy per route pattern, made on first use;
 * an address no pattern matches (a 404, a redirect) gets the plain page.
 */
export function staffPages(webDist: string, html: string): (pathname: string) => CompressedPage {
  const plain = compressedPage(html);
  const listFile = path.join(webDist, 'route-preloads.json');
  if (!fs.existsSync(listFile)) return () => plain;
  const { routes } = JSON.parse(fs.readFileSync(listFile, 'utf8')) as RoutePreloads;
  const tests = routes.map(([pattern, files]) => ({ pattern, test: patternTest(pattern), files }));
  const pages = new Map<string, CompressedPage>();
  return (pathname) => {
    const route = tests.find(({ test }) => test.test(pathname));
    if (!route || route.files.length === 0) return plain;
    let page = pages.get(route.pattern);
    if (!page) {
      page = compressedPage(html.replace('</head>', `${preloadTags(route.files)}</head>`));
      pages.set(route.pattern, page);
    }
    return page;
  };
}

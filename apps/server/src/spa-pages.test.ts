import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { staffPages } from './spa-pages.ts';

/*
 * The page the server sends for an address announces the files that address's page will load (the build's
 * route-preloads.json), so a phone fetches them alongside the main script instead of after it has run.
 */
const html = '<html><head><script type="module" src="/assets/main-abc.js"></script></head><body></body></html>';
const dists: string[] = [];
function distWith(routes: Array<[string, string[]]> | null): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-spa-'));
  dists.push(dist);
  if (routes) fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ routes }));
  return dist;
}
afterAll(() => dists.forEach((dist) => fs.rmSync(dist, { recursive: true, force: true })));

const ROUTES: Array<[string, string[]]> = [
  ['/login', ['assets/login-page-1.js', 'assets/button-2.css']],
  ['/business/list', ['assets/cases-list-3.js', 'assets/query-4.js']],
  ['/business/detail/:id', ['assets/cases-5.js']],
  ['/outside/index/:openid?', ['assets/outside-6.js']],
];
const headOf = (page: { br: Buffer }) => brotliDecompressSync(page.br).toString().split('</head>')[0] ?? '';

describe('the staff app page per address', () => {
  it("preloads the address's page's scripts as modules and its stylesheets, after the main script", () => {
    const pageFor = staffPages(distWith(ROUTES), html);
    const head = headOf(pageFor('/login'));
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-page-1.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/button-2.css">',
    );
    expect(head).not.toContain('cases-list');
    expect(headOf(pageFor('/business/list'))).toContain('href="/assets/query-4.js"');
  });

  it('matches parameters, optional ones and a trailing slash, and nothing longer', () => {
    const pageFor = staffPages(distWith(ROUTES), html);
    expect(headOf(pageFor('/business/detail/42'))).toContain('cases-5.js');
    expect(headOf(pageFor('/business/detail/42/'))).toContain('cases-5.js');
    expect(headOf(pageFor('/outside/index'))).toContain('outside-6.js');
    expect(headOf(pageFor('/outside/index/o-123'))).toContain('outside-6.js');
    expect(headOf(pageFor('/business/detail/42/more'))).not.toContain('modulepreload');
    expect(headOf(pageFor('/business/detail'))).not.toContain('modulepreload');
  });

  it('sends the plain page for an address no route serves, and when the build wrote no list', () => {
    expect(headOf(staffPages(distWith(ROUTES), html)('/no/such/page'))).toBe(
      headOf(staffPages(distWith(null), html)('/login')),
    );
    expect(staffPages(distWith(null), html)('/login').plain.toString()).toBe(html);
  });

  it('compresses each route once', () => {
    const pageFor = staffPages(distWith(ROUTES), html);
    expect(pageFor('/business/detail/1')).toBe(pageFor('/business/detail/2'));
  });
});

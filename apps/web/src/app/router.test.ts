import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable, allRoutes, sectionDiscovery, sectionOfAddress, type RouteHandle } from './router.tsx';
import { PAGE_CHUNKS, type PageChunkName } from './routes/page-chunks.ts';
import { hasHeader, titleForPath } from './layout/titles.ts';
import { ROUTE_TABLE } from './routes/route-table.ts';

/** The patterns the route table sends to `chunk`, or to any chunk. */
const patternsOf = (chunk?: PageChunkName) =>
  ROUTE_TABLE.filter((route) => (chunk ? route.chunk === chunk : route.chunk !== null)).map(({ path }) => path);

const routes = allRoutes();

type SpecRoute = { path: string; section: string };

// The project keeps its own copy of the spec's route list at the repository root.
const fixture = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../fixtures/spec-routes.json'), 'utf8'),
) as { count: number; routes: SpecRoute[] };

/** '/business/detail/{id}' → '/business/detail/id-1': a concrete URL for each pattern. */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, '$1-1');

function leafOf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  return matches?.[matches.length - 1]?.route;
}

describe('route table', () => {
  it('has the whole fixture', () => {
    expect(fixture.routes).toHaveLength(fixture.count);
  });

  it.each(fixture.routes)('resolves $path to the $section section', ({ path, section }) => {
    const leaf = leafOf(concrete(path));
    expect(leaf, path).toBeDefined();
    expect(leaf?.path, `${path} fell through to not-found`).not.toBe('*');
    expect((leaf?.handle as RouteHandle | undefined)?.section).toBe(section);
  });

  it('resolves /outside/index without an openid', () => {
    expect((leafOf('/outside/index')?.handle as RouteHandle).section).toBe('outside');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(leafOf('/no/such/page')?.path).toBe('*');
    expect(leafOf('/business/nope')?.path).toBe('*');
  });

  it.each([
    ['/outside', '/outside/index'],
    ['/faq', '/faq/login'],
    ['/chattergee', '/chattergee/home'],
    ['/activity', '/activity/test'],
    ['/interface', '/interface/esign'],
  ])('redirects %s to %s', async (from, to) => {
    const leaf = leafOf(from);
    const loader = leaf?.loader;
    expect(typeof loader).toBe('function');
    if (typeof loader !== 'function') return;
    const response = (await loader({
      request: new Request(`http://localhost${from}`),
      params: {},
      context: undefined,
    } as Parameters<typeof loader>[0])) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(to);
  });
});

/** Every section page of the route table (redirects aside), as its router pattern. */
function sectionPatterns(list: RouteObject[] = routes): string[] {
  return list.flatMap((route) => [
    ...(route.path &&
    route.path !== '*' &&
    !route.loader &&
    (route.handle as RouteHandle | undefined)?.section !== 'core'
      ? [route.path]
      : []),
    ...sectionPatterns(route.children ?? []),
  ]);
}

/**
 * The pages still rendering the shared 功能建设中 placeholder, exactly. A feature that lands removes its
 * patterns here in the same commit: building one without removing it, or leaving a placeholder behind a
 * finished feature, fails.
 */
const STILL_PLACEHOLDERS = [
  '/activity/car',
  '/activity/car/register/:activity_id',
  '/activity/car/success',
  '/activity/coupon',
  '/activity/coupon/login/:openid',
  '/activity/coupon/success',
  '/activity/lottery',
  '/activity/lottery/Prize',
  '/activity/lottery/login',
  '/activity/lottery/success',
  '/activity/signin',
  '/activity/signin/list',
  '/activity/signin/login',
  '/activity/signin/register',
  '/activity/signin/subscribe',
  '/activity/signin/success',
  '/activity/test',
  '/interface/coupon',
  '/interface/coupon/login/:openid',
  '/interface/coupon/success',
  '/interface/lottery',
  '/interface/lottery/Prize',
  '/interface/lottery/login',
  '/interface/lottery/success',
  '/interface/signin',
  '/interface/signin/list',
  '/interface/signin/login',
  '/interface/signin/register',
  '/interface/signin/subscribe',
  '/interface/signin/success',
];

describe('placeholder pages', () => {
  it('are exactly the pages not built yet', () => {
    const built = new Set(patternsOf());
    expect(
      sectionPatterns()
        .filter((pattern) => !built.has(pattern))
        .sort(),
    ).toEqual(STILL_PLACEHOLDERS);
  });
});

describe('header titles', () => {
  // An empty <h1> is what a screen reader announces as the page's name (issue 39: 营销活动 had none).
  it.each(sectionPatterns().filter((pattern) => hasHeader(pattern)))('gives %s a header title', (pattern) => {
    expect(titleForPath(pattern.replace(/:(\w+)\??/g, '$1-1'), 'zh-CN')).toMatch(/\S/);
  });
});

describe('the route table', () => {
  it('names each pattern once', () => {
    const paths = ROUTE_TABLE.map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lets any browser open only the public home-loan ranking and the back office (spec §2, decision 057)', () => {
    expect(ROUTE_TABLE.filter(({ guard }) => guard === 'any-browser').map(({ path }) => path)).toEqual([
      '/houseloan/bestList',
      '/houseloan/bestDetail/:id',
      ...ROUTE_TABLE.filter(({ path }) => path.startsWith('/admin')).map(({ path }) => path),
    ]);
  });

  it.each([
    ['outside', 'partner'],
    ['admin', 'admin'],
    ['activity', 'visitor'],
    ['exam', 'staff'],
  ])('gives every /%s page to the %s', (section, principal) => {
    const pages = ROUTE_TABLE.filter(({ path }) => path.split('/')[1] === section);
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages.map((page) => page.principal))).toEqual(new Set([principal]));
  });
});

describe('page chunks', () => {
  const chunkNames = Object.keys(PAGE_CHUNKS) as PageChunkName[];

  it.each(chunkNames)('%s serves exactly the patterns the router sends it', async (chunk) => {
    const module = await PAGE_CHUNKS[chunk]();
    expect(Object.keys(module.pages).sort()).toEqual(patternsOf(chunk).sort());
  });

  it('sends each pattern to one chunk, and only patterns of the route table', () => {
    const all = chunkNames.flatMap((chunk) => patternsOf(chunk));
    expect(new Set(all).size).toBe(all.length);
    for (const pattern of all) expect(leafOf(pattern.replace(/:(\w+)\??/g, '$1-1'))?.path, pattern).toBe(pattern);
  });
});

describe('section discovery (the app starts with the core pages and adds a section on its first address)', () => {
  /** A router as the app makes it, started at `url`, once its first navigation has settled. */
  async function appRouterAt(url: string) {
    const router = createMemoryRouter(routeTable([]), { initialEntries: [url], ...sectionDiscovery() });
    await new Promise<void>((resolve) => {
      if (router.state.initialized) resolve();
      else router.subscribe((state) => state.initialized && resolve());
    });
    return router;
  }
  const leafOfState = (router: Awaited<ReturnType<typeof appRouterAt>>) => router.state.matches.at(-1)?.route;

  it('starts without any section page', () => {
    expect(sectionPatterns(routeTable([]))).toEqual([]);
    expect(sectionPatterns().length).toBeGreaterThan(100);
  });

  it('names, for every section page, the section its address starts with', () => {
    for (const route of fixture.routes.filter(({ section }) => section !== 'core'))
      expect(sectionOfAddress(concrete(route.path)), route.path).toBe(route.section);
    expect(sectionOfAddress('/login')).toBeUndefined();
    expect(sectionOfAddress('/no/such/page')).toBeUndefined();
  });

  it.each(fixture.routes)('opens $path directly on its own page', async ({ path, section }) => {
    const router = await appRouterAt(concrete(path));
    const leaf = leafOfState(router);
    expect(leaf?.path, `${path} fell through to not-found`).not.toBe('*');
    expect((leaf?.handle as RouteHandle | undefined)?.section).toBe(section);
    router.dispose();
  });

  it('adds a second section when the user moves on to it, and keeps the first', async () => {
    const router = await appRouterAt('/business/detail/7');
    await router.navigate('/team/list');
    expect(leafOfState(router)?.path).toBe('/team/list');
    await router.navigate('/business/detail/8');
    expect(leafOfState(router)?.path).toBe('/business/detail/:id');
    expect(router.state.matches.at(-1)?.params).toEqual({ id: '8' });
    router.dispose();
  });

  it('sends an address of no section, or an unknown page of a section, to not-found', async () => {
    for (const url of ['/no/such/page', '/business/nope']) {
      const router = await appRouterAt(url);
      expect(leafOfState(router)?.path, url).toBe('*');
      router.dispose();
    }
  });
});

/**
 * The whole route table (spec §2, fixtures/spec-routes.json). Pages are lazy, one chunk per feature (cases,
 * money, house, …; `app/routes/<chunk>.ts`), so a page downloads its own feature and not its section's
 * neighbours; the core pages (login, home, calculator) are chunks of their own. Every leaf carries
 * `handle.section`. Every chunk goes through loadChunk (timeout, retry, reload on a stale deploy).
 *
 * The app's router starts with the core pages only and adds a section's pages on the first visit to one of
 * its addresses (React Router's patchRoutesOnNavigation): creating a router over all ~200 patterns ranked them
 * all on the phone's main thread before the first paint (a quarter of /index's start-up script time).
 */
import {
  createBrowserRouter,
  redirect,
  type LazyRouteFunction,
  type RouteObject,
  type PatchRoutesOnNavigationFunction,
} from 'react-router';
import { AppHydrateFallback, AppLayout } from './layout/app-layout.tsx';
import { ErrorPage } from './layout/error-page.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { loadedRouteTable, loadRouteTable, type RouteFact } from './route-facts.ts';
import { loadChunk } from './routes/load-chunk.ts';
import type { PageChunkName } from './routes/page-chunks.ts';
import { PlaceholderPage } from './routes/placeholder-page.tsx';

export type SectionName =
  | 'core'
  | 'business'
  | 'team'
  | 'exam'
  | 'sign'
  | 'outside'
  | 'faq'
  | 'houseloan'
  | 'chattergee'
  | 'activity'
  | 'interface'
  | 'admin';

export type RouteHandle = { section: SectionName };

/** A page chunk's name, as the route table (routes/route-table.ts) names the chunk serving each pattern. */
export type { PageChunkName };

/**
 * The feature chunks' imports, in a chunk of their own (decision 082): each import() carries the names of the
 * files its chunk needs (for their preloads), ~6 KB of hashed names the login route does not need. The signed-in
 * layout fetches it as it loads (provider.tsx), and a section address's page lists it among its preloads.
 */
const pageChunks = () => loadChunk('page-chunks', () => import('./routes/page-chunks.ts').then((m) => m.PAGE_CHUNKS));

const PAGE_SECTIONS = [
  'business',
  'team',
  'exam',
  'sign',
  'outside',
  'faq',
  'houseloan',
  'chattergee',
  'activity',
  'interface',
  'admin',
] as const satisfies ReadonlyArray<Exclude<SectionName, 'core'>>;

/** A section's route: its page's chunk (the placeholder where none serves it), or its redirect. */
function sectionRoute(section: PageSection, { path, chunk, redirect: to }: RouteFact): RouteObject {
  const handle = { section } satisfies RouteHandle;
  if (to !== undefined) return { path, loader: () => redirect(to), element: null, handle };
  // A page not built yet needs no chunk: the placeholder is in the main bundle.
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    const module = chunk ? await loadChunk(chunk, async () => (await pageChunks())[chunk]()) : undefined;
    return { Component: module?.pages[path] ?? PlaceholderPage };
  };
  return { path, lazy, handle };
}

const corePage = (path: string, lazy: LazyRouteFunction<RouteObject>): RouteObject => ({
  path,
  lazy,
  handle: { section: 'core' } satisfies RouteHandle,
});

// The core pages and the query provider: each its own chunk, each import() literal (one chunk of each).
const CORE_CHUNKS = {
  login: () => import('../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
  home: () => import('../features/home/pages/home-page.tsx').then((m) => m.HomePage),
  calculator: () => import('../features/calculator/pages/calculator-page.tsx').then((m) => m.CalculatorPage),
  /** TanStack Query is loaded with the pages that use it, not with the login page (bundle budget). */
  query: () => import('./provider.tsx').then((m) => m.QueryProvider),
};

const coreChunk =
  (chunk: keyof typeof CORE_CHUNKS): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: await loadChunk(chunk, CORE_CHUNKS[chunk]) });

const loadLogin = coreChunk('login');

type PageSection = (typeof PAGE_SECTIONS)[number];

const sectionNames: readonly PageSection[] = PAGE_SECTIONS;

/** The route the section pages hang under (they need TanStack Query); patched sections are added to it. */
const SIGNED_IN_ROUTE_ID = 'signed-in';

/** Each section's routes, grouped in one pass over the table. */
function routesBySection(table: ReadonlyArray<RouteFact>): Map<PageSection, RouteObject[]> {
  const bySection = new Map<PageSection, RouteObject[]>();
  for (const fact of table) {
    const section = sectionOfAddress(fact.path);
    if (section) bySection.set(section, [...(bySection.get(section) ?? []), sectionRoute(section, fact)]);
  }
  return bySection;
}

/** The section an address belongs to: every section's patterns start with `/<section>` (router.test.ts). */
export function sectionOfAddress(pathname: string): PageSection | undefined {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return sectionNames.find((section) => section === first);
}

/**
 * The route table with the pages of the given sections (all of them for tests; none for the app's start), read
 * off the section table once it has loaded (the tests load it first, test/setup.ts).
 */
export function routeTable(sections: readonly PageSection[]): RouteObject[] {
  const bySection = routesBySection(sections.length > 0 ? (loadedRouteTable() ?? []) : []);
  return [
    {
      id: 'root',
      Component: AppLayout,
      HydrateFallback: AppHydrateFallback,
      ErrorBoundary: ErrorPage,
      children: [
        {
          // Pathless, so errors below render inside the shell with its header.
          ErrorBoundary: ErrorPage,
          children: [
            corePage('/', loadLogin),
            corePage('/login', loadLogin),
            corePage('/calculator', coreChunk('calculator')),
            {
              id: SIGNED_IN_ROUTE_ID,
              lazy: coreChunk('query'),
              children: [
                corePage('/index', coreChunk('home')),
                ...sections.flatMap((section) => bySection.get(section) ?? []),
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

/** Every page: what the tests match addresses against. */
export const allRoutes = (): RouteObject[] => routeTable(sectionNames);

/**
 * The options that add a section's pages on the first visit to one of its addresses. React Router asks on
 * every address it cannot match, or matches only by a parameter or the not-found page (`*`), which is how a
 * section address first arrives; an address of no section stays with the not-found page. The first asks for
 * the section table (its own chunk, preloaded with the page where the server knows the address).
 */
export function sectionDiscovery(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const added = new Set<PageSection>();
  let bySection: Promise<Map<PageSection, RouteObject[]>> | undefined;
  return {
    async patchRoutesOnNavigation({ path, patch }) {
      const section = sectionOfAddress(path);
      if (!section || added.has(section)) return;
      bySection ??= loadRouteTable().then(routesBySection, (error: unknown) => {
        bySection = undefined;
        throw error;
      });
      const routes = (await bySection).get(section) ?? [];
      if (added.has(section)) return;
      added.add(section);
      patch(SIGNED_IN_ROUTE_ID, routes);
    },
  };
}

export function createAppRouter() {
  return createBrowserRouter(routeTable([]), sectionDiscovery());
}

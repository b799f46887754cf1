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
import { loadSectionTitles } from './layout/titles.ts';
import type { ChunkPages } from './routes/chunk-pages.ts';
import { CHUNK_PATHS } from './routes/chunk-paths.ts';
import { loadChunk } from './routes/load-chunk.ts';
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

type PageChunk = { pages: ChunkPages };

// Literal import() calls, one per feature chunk, so the bundler makes exactly one chunk of each.
export const PAGE_CHUNKS = {
  cases: () => import('./routes/cases.ts'),
  'cases-list': () => import('./routes/cases-list.ts'),
  'cases-stat': () => import('./routes/cases-stat.ts'),
  money: () => import('./routes/money.ts'),
  house: () => import('./routes/house.ts'),
  'team-list': () => import('./routes/team-list.ts'),
  'team-appeal': () => import('./routes/team-appeal.ts'),
  sign: () => import('./routes/sign.ts'),
  outside: () => import('./routes/outside.ts'),
  ysb: () => import('./routes/ysb.ts'),
  houseloan: () => import('./routes/houseloan.ts'),
  faq: () => import('./routes/faq.ts'),
  exam: () => import('./routes/exam.ts'),
  pact: () => import('./routes/pact.ts'),
  fair: () => import('./routes/fair.ts'),
  chattergee: () => import('./routes/chattergee.ts'),
  'activity-staff': () => import('./routes/activity-staff.ts'),
  esign: () => import('./routes/esign.ts'),
  ledger: () => import('./routes/ledger.ts'),
  reminders: () => import('./routes/reminders.ts'),
  admin: () => import('./routes/admin.ts'),
} satisfies Record<keyof typeof CHUNK_PATHS, () => Promise<PageChunk>>;

export type PageChunkName = keyof typeof PAGE_CHUNKS;

export { CHUNK_PATHS };

const CHUNK_OF_PATH = new Map<string, PageChunkName>(
  (Object.keys(CHUNK_PATHS) as PageChunkName[]).flatMap((chunk) =>
    CHUNK_PATHS[chunk].map((path) => [path, chunk] as const),
  ),
);

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

/**
 * The visitors' pages (activities, decision 056) have their own entry, activity.html; in the staff app they are
 * placeholders, in no chunk.
 */
const VISITOR_PAGE_PATHS = [
  '/activity/test',
  '/activity/car',
  '/activity/car/register/:activity_id',
  '/activity/car/success',
  ...activityPaths('/activity'),
  ...activityPaths('/interface'),
];

/**
 * Route patterns of each section: every pattern starts with `/<section>` (router.test.ts), so each section's
 * are read off the chunks' table (chunk-paths.ts, where the pages beyond the spec say why they exist) rather
 * than listed twice; one list in the main bundle is the login route's budget.
 */
const SECTION_PATHS = Object.fromEntries(
  PAGE_SECTIONS.map((section) => [
    section,
    [...new Set([...Object.values(CHUNK_PATHS).flat(), ...VISITOR_PAGE_PATHS])].filter(
      (path) => path.split('/')[1] === section,
    ),
  ]),
) as Record<(typeof PAGE_SECTIONS)[number], string[]>;

/** lottery, coupon and signin: the /interface section repeats the /activity routes. */
function activityPaths(base: string): string[] {
  return [
    `${base}/lottery`,
    `${base}/lottery/login`,
    `${base}/lottery/Prize`,
    `${base}/lottery/success`,
    `${base}/coupon`,
    `${base}/coupon/login/:openid`,
    `${base}/coupon/success`,
    `${base}/signin`,
    `${base}/signin/register`,
    `${base}/signin/subscribe`,
    `${base}/signin/login`,
    `${base}/signin/list`,
    `${base}/signin/success`,
  ];
}

/** Empty section paths and where they go (spec §2). */
const SECTION_REDIRECTS: ReadonlyArray<readonly [from: string, to: string, section: SectionName]> = [
  ['/outside', '/outside/index', 'outside'],
  ['/faq', '/faq/login', 'faq'],
  ['/chattergee', '/chattergee/home', 'chattergee'],
  ['/activity', '/activity/test', 'activity'],
  ['/interface', '/interface/esign', 'interface'],
];

function sectionPage(section: Exclude<SectionName, 'core'>, pattern: string): RouteObject {
  const chunk = CHUNK_OF_PATH.get(pattern);
  // A page not built yet needs no chunk: the placeholder is in the main bundle.
  // Every page's header title comes beside the page's chunk, in parallel (titles.ts).
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    const [module] = await Promise.all([chunk ? loadChunk(chunk, PAGE_CHUNKS[chunk]) : undefined, loadSectionTitles()]);
    return { Component: module?.pages[pattern] ?? PlaceholderPage };
  };
  return { path: pattern, lazy, handle: { section } satisfies RouteHandle };
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

type PageSection = Exclude<SectionName, 'core'>;

const sectionNames = Object.keys(SECTION_PATHS) as PageSection[];

/** The route the section pages hang under (they need TanStack Query); patched sections are added to it. */
const SIGNED_IN_ROUTE_ID = 'signed-in';

const sectionRoutes = (section: PageSection): RouteObject[] =>
  SECTION_PATHS[section].map((path) => sectionPage(section, path));

/** The section an address belongs to: every section's patterns start with `/<section>` (router.test.ts). */
export function sectionOfAddress(pathname: string): PageSection | undefined {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return sectionNames.find((section) => section === first);
}

/** The route table with the pages of the given sections (all of them for tests; none for the app's start). */
export function routeTable(sections: readonly PageSection[]): RouteObject[] {
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
                ...SECTION_REDIRECTS.map(([from, to, section]): RouteObject => ({
                  path: from,
                  loader: () => redirect(to),
                  element: null,
                  handle: { section } satisfies RouteHandle,
                })),
                ...sections.flatMap(sectionRoutes),
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
 * section address first arrives; an address of no section stays with the not-found page.
 */
export function sectionDiscovery(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const added = new Set<PageSection>();
  return {
    patchRoutesOnNavigation({ path, patch }) {
      const section = sectionOfAddress(path);
      if (!section || added.has(section)) return;
      added.add(section);
      patch(SIGNED_IN_ROUTE_ID, sectionRoutes(section));
    },
  };
}

export function createAppRouter() {
  return createBrowserRouter(routeTable([]), sectionDiscovery());
}

import { matchPath } from 'react-router';
import { getLocale } from '../../lib/locale.ts';
import { loadedRouteTable, onRouteTableLoaded, type Guard, type RouteFact } from '../route-facts.ts';
import { APP_NAME, CORE_ROUTE_TITLES, routeTitlesEnUS, SECTION_DOCUMENT_TITLES } from './texts.ts';

/** A pattern of the route tables, its header title (none where the page draws its own) and its guard. */
type TitleEntry = readonly [pattern: string, title: string | null, guard: Guard];

/** The core pages open in WeCom only, but for the calculator, which anyone may use (spec §2). */
const coreEntries: TitleEntry[] = CORE_ROUTE_TITLES.map(([pattern, title]) => [
  pattern,
  title,
  pattern === '/calculator' ? 'any-browser' : 'wecom',
]);

/** A section route's entries: its narrower patterns' titles first (they share its guard), then its own. */
const entriesOf = ({ path, title, titles = [], guard }: RouteFact): TitleEntry[] => [
  ...titles.map(([pattern, narrower]): TitleEntry => [pattern, narrower, guard]),
  [path, title, guard],
];

/** The entries known so far: the core pages', then every page's once the section table has loaded. */
let entries: ReadonlyArray<TitleEntry> = coreEntries;

/**
 * The entry for each address seen: matching walks ~200 patterns, compiling each to a regular expression, and
 * the header and the document title ask on every render.
 */
const entryOfAddress = new Map<string, TitleEntry | null>();

onRouteTableLoaded(() => {
  entries = [...coreEntries, ...(loadedRouteTable() ?? []).flatMap(entriesOf)];
  entryOfAddress.clear();
});

function titleEntry(pathname: string): TitleEntry | null {
  let entry = entryOfAddress.get(pathname);
  if (entry === undefined) {
    entry = entries.find(([pattern]) => matchPath({ path: pattern, end: true, caseSensitive: true }, pathname)) ?? null;
    // Addresses carry ids: a long session starts over rather than growing without bound.
    if (entryOfAddress.size >= 500) entryOfAddress.clear();
    entryOfAddress.set(pathname, entry);
  }
  return entry;
}

/**
 * Whether `pathname` opens in any browser (its route's guard). An address no route knows takes its section's
 * guard when every page of the section has the same (the back office's not-found page opens on a desktop too).
 */
export function opensInAnyBrowser(pathname: string): boolean {
  const entry = titleEntry(pathname);
  if (entry) return entry[2] === 'any-browser';
  const section = sectionOfPath(pathname);
  const ofSection = entries.filter(([pattern]) => sectionOfPath(pattern) === section);
  return ofSection.length > 0 && ofSection.every(([, , guard]) => guard === 'any-browser');
}

/** The header title of a path, from the one titles table; undefined for a path the table does not know. */
export function titleForPath(pathname: string, locale = getLocale()): string | undefined {
  const entry = titleEntry(pathname);
  if (!entry?.[1]) return undefined;
  const [pattern, title] = entry;
  return (locale === 'en-US' ? routeTitlesEnUS[pattern] : undefined) ?? title;
}

/** The first path segment names the section ("" for the core pages). */
export function sectionOfPath(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** document.title: the section's own title where the spec gives one, else the page's. */
export function documentTitleForPath(pathname: string): string {
  return SECTION_DOCUMENT_TITLES[sectionOfPath(pathname)] ?? titleForPath(pathname) ?? APP_NAME;
}

// /outside/register is the first page a partner sees, opened from an invite link: nothing to go back to.
const NO_BACK_PATHS = new Set(['/', '/login', '/index', '/outside/login', '/outside/register', '/houseloan/login']);

/** A section's own home has nowhere to go back to (the channel agent's home carries an :openid). */
export function hasBackArrow(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !NO_BACK_PATHS.has(path) && !/^\/houseloan\/home\/[^/]+$/.test(path);
}

/** The partner's home and the back office (a desktop page with its own sidebar) draw their own top. */
export function hasHeader(pathname: string): boolean {
  return !/^\/outside\/index(\/[^/]*)?\/?$/.test(pathname) && !/^\/admin(\/|$)/.test(pathname);
}

import { matchPath } from 'react-router';
import { getLocale } from '../../lib/locale.ts';
import { APP_NAME, CORE_ROUTE_TITLES, routeTitlesEnUS, SECTION_DOCUMENT_TITLES, type RouteTitle } from './texts.ts';

type TitleEntry = RouteTitle;

/**
 * The titles table's entry for each address seen: matching walks ~200 patterns, compiling each to a regular
 * expression, and the header and the document title ask on every render.
 */
const entryOfAddress = new Map<string, TitleEntry | null>();

/** The titles known so far: the core pages', then every page's once a section page has loaded them. */
let titles: ReadonlyArray<RouteTitle> = CORE_ROUTE_TITLES;
let loadingTitles: Promise<void> | undefined;

/**
 * Loads every page's title (route-titles.ts, its own chunk); a section page's route waits for it beside its
 * own chunk, so its header has its title when it first shows. A failed load is tried again next time.
 */
export function loadSectionTitles(): Promise<void> {
  loadingTitles ??= import('./route-titles.ts').then(
    (module) => {
      titles = module.ROUTE_TITLES;
      entryOfAddress.clear();
    },
    () => {
      loadingTitles = undefined;
    },
  );
  return loadingTitles;
}

function titleEntry(pathname: string): TitleEntry | null {
  let entry = entryOfAddress.get(pathname);
  if (entry === undefined) {
    entry = titles.find(([pattern]) => matchPath({ path: pattern, end: true, caseSensitive: true }, pathname)) ?? null;
    // Addresses carry ids: a long session starts over rather than growing without bound.
    if (entryOfAddress.size >= 500) entryOfAddress.clear();
    entryOfAddress.set(pathname, entry);
  }
  return entry;
}

/** The header title of a path, from the one titles table; undefined for a path the table does not know. */
export function titleForPath(pathname: string, locale = getLocale()): string | undefined {
  const entry = titleEntry(pathname);
  if (!entry) return undefined;
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

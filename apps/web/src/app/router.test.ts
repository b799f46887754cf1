import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHUNK_PATHS, PAGE_CHUNKS, routes, type PageChunkName, type RouteHandle } from './router.tsx';

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

describe('page chunks', () => {
  const chunkNames = Object.keys(PAGE_CHUNKS) as PageChunkName[];

  it.each(chunkNames)('%s serves exactly the patterns the router sends it', async (chunk) => {
    const module = await PAGE_CHUNKS[chunk]();
    expect(Object.keys(module.pages).sort()).toEqual([...CHUNK_PATHS[chunk]].sort());
  });

  it('sends each pattern to one chunk, and only patterns of the route table', () => {
    const all = chunkNames.flatMap((chunk) => CHUNK_PATHS[chunk]);
    expect(new Set(all).size).toBe(all.length);
    for (const pattern of all) expect(leafOf(pattern.replace(/:(\w+)\??/g, '$1-1'))?.path, pattern).toBe(pattern);
  });
});

/**
 * The section pages' table (routes/route-table.ts) once loaded: the router waits for it on a section's first
 * address, and the header, the document title and the browser check read it. A chunk of its own, so the login
 * route does not carry it.
 */
import { loadChunk } from './routes/load-chunk.ts';
import type { Guard, RouteFact } from './routes/route-table.ts';

let table: ReadonlyArray<RouteFact> | undefined;
let loading: Promise<ReadonlyArray<RouteFact>> | undefined;
const listeners = new Set<() => void>();

/** Loads the table once (with loadChunk's timeout and retry); a failed load is tried again next time. */
export function loadRouteTable(): Promise<ReadonlyArray<RouteFact>> {
  loading ??= loadChunk('route-table', () => import('./routes/route-table.ts')).then(
    (module) => {
      table = module.ROUTE_TABLE;
      for (const listener of listeners) listener();
      return table;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The table if it has loaded (the core pages need none of it). */
export const loadedRouteTable = (): ReadonlyArray<RouteFact> | undefined => table;

/** Called once the table has loaded (the titles forget what they answered without it). */
export function onRouteTableLoaded(listener: () => void): void {
  listeners.add(listener);
}

export type { Guard, RouteFact };

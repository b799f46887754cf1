import { loadRouteTable } from '../app/route-facts.ts';
import { registerPageTestLifecycle } from './render-page.tsx';

// Every web test file gets the page-test lifecycle (fresh query cache, no retries, closed toasts and dialogs,
// empty storage); a unit test of a hook or helper is unaffected by it.
registerPageTestLifecycle();

// The section pages' table (routes, titles, guards), as the app loads it on a section's first address.
await loadRouteTable();

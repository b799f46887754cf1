/*
 * The service worker's registration (decision 082), from the signed-in pages' offline bar: the login route
 * loads none of this. The worker is /sw.js at the site's root, so it covers every address.
 */

/** The address of the worker the build writes (vite.config.ts). */
const WORKER_URL = '/sw.js';

/**
 * Registers the worker. `onFirstControl` runs when it takes over a page it did not serve (the first visit, or
 * the first after a sign-out emptied it): the page reads again through it, so those answers are kept too.
 */
export async function registerServiceWorker(onFirstControl: () => void): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true });
  // Demo pages opened over plain http on a LAN address have no service worker (not a secure context): they work
  // online as before.
  const registration = await navigator.serviceWorker.register(WORKER_URL).catch(() => null);
  if (!registration) return;
  // What this first visit loaded before the worker took over is kept too, so it opens offline next time.
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith('/assets/'));
  (await navigator.serviceWorker.ready).active?.postMessage({ type: 'keep', urls: loaded });
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { withoutReloadMarker } from './app/routes/load-chunk.ts';
// antd-mobile's theme variables first, so index.css's darker colours (contrast of 4.5:1) win over them.
import 'antd-mobile/es/global';
import './index.css';

// A reload for a failed chunk came back with `?_r=…`: drop it before the router reads the address.
const cleanUrl = withoutReloadMarker(window.location.href);
if (cleanUrl) window.history.replaceState(window.history.state, '', cleanUrl);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// antd-mobile's Toast and Dialog need React 19's createRoot (antd-render.ts); its import drags rc-util and
// Babel's helpers, so it loads beside the first page's chunks instead of inside the main one, and React
// starts only once it is set, so no page can call a Toast before.
// Should that small chunk fail to load, the app still starts (only antd-mobile's popups would then fail).
const antdRenderReady = import('./app/antd-render.ts').then(
  (module) => module.setUpAntdRender(),
  () => undefined,
);

/**
 * The browser's turn between two pieces of start-up work. The bundle's evaluation and the router's creation
 * were one task of ~200 ms on a mid-range phone (4× slowed CPU): a touch waited behind all of it, and
 * Lighthouse counted everything past 50 ms as blocking time.
 */
const browserTurn = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  await browserTurn();
  // The router starts loading the first page's chunks as it is created (the page has already asked for them
  // at low priority). Until they are in, index.html's own header and skeleton stay on screen (painted before
  // any script ran); React's first commit is the page, not a skeleton replaced a moment later by the page.
  const router = createAppRouter();
  const routerReady = new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  await Promise.all([antdRenderReady, routerReady]);
  await browserTurn();
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding between
  // them, instead of one long task that a slow phone's touches would wait behind.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void start(container);

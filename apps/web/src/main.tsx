import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { withoutReloadMarker } from './app/routes/load-chunk.ts';
import './index.css';

// antd-mobile 5 renders Toast/Dialog with ReactDOM.render, which React 19 removed: give it createRoot
// (https://mobile.ant.design/guide/v5-for-19).
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  const root = host._reactRoot ?? createRoot(host);
  host._reactRoot = root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host._reactRoot;
  };
});

// A reload for a failed chunk came back with `?_r=…`: drop it before the router reads the address.
const cleanUrl = withoutReloadMarker(window.location.href);
if (cleanUrl) window.history.replaceState(window.history.state, '', cleanUrl);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);

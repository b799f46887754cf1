import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUpAntdRender } from './app/antd-render.ts';
import { createAppRouter } from './app/router.tsx';
import { withoutReloadMarker } from './app/routes/load-chunk.ts';
import './index.css';

setUpAntdRender();

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

import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { mendAntdControls } from './antd-a11y.ts';

let isSet = false;

/**
 * antd-mobile 5 renders Toast, Dialog and Modal with ReactDOM.render, which React 19 removed: give it
 * createRoot (https://mobile.ant.design/guide/v5-for-19). The app's entry and the page tests both need it;
 * the second call is a no-op, as every page test renders again.
 */
export function setUpAntdRender(): void {
  if (isSet) return;
  isSet = true;
  mendAntdControls();
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
}

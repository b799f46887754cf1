/**
 * Stands in for rc-util's `React/render` (ReactDOM.render with Babel's regenerator runtime, 2.6 KB on the
 * wire of the login route), which antd-mobile imports only as the default it renders Toast, Dialog and
 * Modal with. The app replaces that default before React starts (antd-render.ts: createRoot, React 19), so
 * the default is never called; if it ever were, it says so instead of failing silently.
 */
const replacedDefault = (): never => {
  throw new Error("antd-mobile's default render was called before setUpAntdRender (app/antd-render.ts)");
};

export const render = replacedDefault;
export const unmount = replacedDefault;

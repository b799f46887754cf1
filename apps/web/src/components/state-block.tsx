import type { ErrorBlockProps } from 'antd-mobile';
import { lazy, Suspense } from 'react';

/*
 * antd-mobile's ErrorBlock carries its four pictures as inline SVG (10 KB gzipped), which every list page
 * would otherwise download before it draws its first row, although they show only when a list is empty or
 * failed. The block loads when one is drawn; meanwhile its title and actions (a retry button) show plainly.
 */
const ErrorBlock = lazy(() => import('./error-block-impl.ts').then((module) => ({ default: module.ErrorBlock })));

/** An empty or failed state: antd-mobile's ErrorBlock, loaded when first needed. */
export function StateBlock(props: ErrorBlockProps) {
  return (
    <Suspense
      fallback={
        <div className="state-block-fallback">
          <p>{props.title}</p>
          {props.description ? <p>{props.description}</p> : null}
          {props.children}
        </div>
      }
    >
      <ErrorBlock {...props} />
    </Suspense>
  );
}

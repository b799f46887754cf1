import { layoutTexts } from './texts.ts';

/** Light CSS placeholder while a route's chunk loads (no component kit needed for the first paint). */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label={layoutTexts.loading}>
      <div className="page-skeleton__title" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line page-skeleton__line--short" />
    </div>
  );
}

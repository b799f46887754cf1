import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type RowLinkProps = { to: string; children: ReactNode; className?: string };

/**
 * A list row that opens a record: the whole row is the link (a thumb anywhere on it opens it, not only a
 * 19 px title), with a chevron at its end saying it opens.
 */
export function RowLink({ to, children, className }: RowLinkProps) {
  return (
    <Link className={className ? `row-link ${className}` : 'row-link'} to={to}>
      <div className="row-link__body">{children}</div>
      <svg className="row-link__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </Link>
  );
}

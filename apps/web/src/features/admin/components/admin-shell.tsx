import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { useWhoami } from '../api/admin.ts';
import { navFor } from '../nav.ts';
import { adminTexts as T } from '../texts.ts';
import '../admin.css';

/** The page heading's id: a page's table is named by it. */
const TITLE_ID = 'admin-title';

export type AdminShellProps = {
  title: string;
  /** The operator's page (companies): platform.admin, not company.admin. */
  platform?: boolean;
  children: ReactNode;
};

/**
 * The back office's desktop frame: the sidebar of navFor (the pages the caller's grants open) and the
 * page. Who may see what is the server's answer (whoami); a caller without the grant reads why.
 */
export function AdminShell({ title, platform = false, children }: AdminShellProps) {
  const whoami = useWhoami();
  const me = whoami.data;
  const allowed = me ? (platform ? me.platform_admin : me.company_admin) : false;
  const nav = navFor(me);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links are one row that scrolls sideways, and each page draws it anew at its start: bring
  // the open page's link into view (on a desktop the column does not scroll, and this does nothing).
  useEffect(() => {
    const row = list.current;
    const open = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !open) return;
    const [at, link] = [row.getBoundingClientRect(), open.getBoundingClientRect()];
    row.scrollLeft += link.left - at.left - (at.width - link.width) / 2;
  }, [nav.length]);
  return (
    <div className="admin">
      <aside className="admin__side">
        <div className="admin__brand">{T.title}</div>
        {me ? <div className="admin__corp">{me.corp_name}</div> : null}
        <nav aria-label={T.title}>
          <ul className="admin__nav" ref={list}>
            {nav.map((item) => (
              <li key={item.path}>
                <NavLink className="admin__nav-link" to={item.path}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link className="admin__home" to="/index">
          {T.backHome}
        </Link>
      </aside>
      <div className="admin__main">
        <h1 id={TITLE_ID} className="admin__title">
          {title}
        </h1>
        {whoami.isPending ? (
          <p role="status">{T.loading}</p>
        ) : whoami.isError ? (
          <div role="alert" className="admin__error">
            <p>{whoami.error.message}</p>
            <button type="button" className="admin-button" onClick={() => void whoami.refetch()}>
              {T.retry}
            </button>
          </div>
        ) : allowed ? (
          children
        ) : (
          <p role="alert" className="admin__error">
            {T.noAccess}
          </p>
        )}
      </div>
    </div>
  );
}

/** A list's states on a desktop page: loading, the error with its retry, empty, or the table. */
export function LoadState({
  isPending,
  error,
  isEmpty,
  emptyText,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText: string;
  onRetry: () => unknown;
  children: ReactNode;
}) {
  if (isPending) return <p role="status">{T.loading}</p>;
  if (error && isEmpty)
    return (
      <div role="alert" className="admin__error">
        <p>{T.loadFailed}</p>
        <p>{error.message}</p>
        <button type="button" className="admin-button" onClick={() => void onRetry()}>
          {T.retry}
        </button>
      </div>
    );
  if (isEmpty) return <p className="admin__empty">{emptyText}</p>;
  return <>{children}</>;
}

/** The keyset list's next page, on a button (a desktop table does not scroll itself). */
export function LoadMore({ hasMore, loadMore }: { hasMore: boolean; loadMore: () => Promise<unknown> }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="admin-button admin-button--plain" onClick={() => void loadMore()}>
      {T.loadMore}
    </button>
  );
}

/** A labelled control with the form hook's binding and its message. */
export function Field({
  label,
  binding,
  children,
}: {
  label: string;
  binding: { id: string; labelId: string; errorId: string; error: string | undefined };
  children: ReactNode;
}) {
  return (
    <div className="admin-field">
      <label id={binding.labelId} htmlFor={binding.id}>
        {label}
      </label>
      {children}
      {binding.error ? (
        <span id={binding.errorId} role="alert" className="admin-field__error">
          {binding.error}
        </span>
      ) : null}
    </div>
  );
}

/** One column of a DataTable: its header, and what a row shows under it. */
export type Column<Row> = readonly [header: string, cell: (row: Row) => ReactNode];

/**
 * A back-office list as a table with its states (LoadState) and, for a keyset list, its next page: one row
 * per record, a cell per column. The page's title (AdminShell's heading) names the table.
 */
export function DataTable<Row extends { id: number | string }>({
  rows,
  isPending,
  error,
  emptyText,
  onRetry,
  columns,
  hasMore = false,
  loadMore,
}: {
  rows: readonly Row[];
  isPending: boolean;
  error: Error | null;
  emptyText: string;
  onRetry: () => unknown;
  columns: readonly Column<Row>[];
  hasMore?: boolean;
  loadMore?: () => Promise<unknown>;
}) {
  return (
    <LoadState isPending={isPending} error={error} isEmpty={rows.length === 0} emptyText={emptyText} onRetry={onRetry}>
      <div className="admin-table-scroll">
        <table className="admin-table" aria-labelledby={TITLE_ID}>
          <thead>
            <tr>
              {columns.map(([header]) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map(([header, cell]) => (
                  <td key={header}>{cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loadMore ? <LoadMore hasMore={hasMore} loadMore={loadMore} /> : null}
    </LoadState>
  );
}

/** A keyset list's part of DataTable's props: its rows, states, retry and next page. */
export const pagedRows = <Row,>(list: PagedListState<Row>) => ({
  rows: list.items,
  isPending: list.isPending,
  error: list.error,
  onRetry: list.refresh,
  hasMore: list.hasMore,
  loadMore: list.loadMore,
});

/** A whole list's (one query's) part of DataTable's props: its rows, states and retry. */
export const queryRows = <Row,>(query: {
  data: readonly Row[] | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}) => ({ rows: query.data ?? [], isPending: query.isPending, error: query.error, onRetry: query.refetch });

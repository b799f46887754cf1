import { PagedList, type PagedItem, type PagedListProps } from './paged-list.tsx';

/** A page that is nothing but one paged list. */
export function PagedPage<Item extends PagedItem>(props: PagedListProps<Item>) {
  return (
    <div className="page">
      <PagedList {...props} />
    </div>
  );
}

import { ErrorBlock, InfiniteScroll, Popup, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { useSearchParams } from 'react-router';
import { moneyTexts as T } from '../texts.ts';

/** The case these pages are about: `?id=<client id>`, as the spec's routes carry it; 0 when absent. */
export function useCaseId(): number {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export function ListSkeleton() {
  return (
    <div className="money-page" role="status" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <ErrorBlock status="empty" title={text} description="" />;
}

export function MissingCase() {
  return <ErrorBlock status="default" title={T.missingCase} description="" />;
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The foot of a money list: loads the next page when scrolled into view, then says there is no more. */
export function MoreFooter({ list }: { list: PagedListState<unknown> }) {
  if (list.items.length === 0) return null;
  return (
    <InfiniteScroll loadMore={async () => void (await list.loadMore())} hasMore={list.hasMore}>
      {list.hasMore ? T.loadingMore : T.noMore}
    </InfiniteScroll>
  );
}

/** A form that slides up over a money list; closing it drops what was typed, so it opens empty next time. */
export function FormSheet({
  visible,
  onClose,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      destroyOnClose
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {children}
    </Popup>
  );
}

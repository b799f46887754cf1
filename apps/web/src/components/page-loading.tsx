import { Skeleton } from 'antd-mobile';

/** What a page shows while its data loads; `lines` roughly matches the height of what will come. */
export function PageLoading({ lines = 6 }: { lines?: number }) {
  return (
    <div className="page" role="status" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

import { Skeleton } from 'antd-mobile';

/** What a page of the partner or channel portal shows while its data loads. */
export function PageLoading() {
  return (
    <div className="page" role="status" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

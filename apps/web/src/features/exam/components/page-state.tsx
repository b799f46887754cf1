import { Skeleton } from 'antd-mobile';

/** What an exam page shows while its data loads. */
export function ExamLoading() {
  return (
    <div className="page" role="status" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

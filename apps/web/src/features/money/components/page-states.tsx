import { ErrorBlock, Skeleton } from 'antd-mobile';
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

import { Button } from 'antd-mobile';
import { Link, useParams } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useFaqDetail, useFaqFeedback } from '../api/faq.ts';
import { FaqBlocks } from '../components/rich-text.tsx';
import { faqTexts as T } from '../texts.ts';
import '../faq.css';

/** /faq/detail/:id: an entry with its images (full screen on a tap), views and the helpful / not helpful vote. */
export function FaqDetailPage() {
  const id = Number(useParams().id);
  const detail = useFaqDetail(Number.isInteger(id) && id > 0 ? id : 0);
  const feedback = useFaqFeedback(id);
  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const entry = detail.data;
  const vote = (helpful: boolean) =>
    feedback.mutate(helpful, {
      onSuccess: ({ msg }) => void showToast({ content: msg || T.voted }),
      onError: (error) => void showToast({ content: error.message }),
    });
  const votes = [
    { helpful: true, color: 'primary', label: T.helpful, count: entry.helpful },
    { helpful: false, color: 'warning', label: T.notHelpful, count: entry.not_helpful },
  ] as const;
  return (
    <PullRefresh onRefresh={() => detail.refetch()} texts={T}>
      <article className="page">
        <h2 className="faq-title">{entry.title}</h2>
        <div className="faq-meta">
          {entry.type_name} · {entry.category_name} · {T.views(entry.views)}
        </div>
        <FaqBlocks blocks={entry.blocks} />
        <div className="faq-feedback">
          {votes.map(({ helpful, color, label, count }) => (
            <Button
              key={label}
              color={entry.my_vote === helpful ? color : 'default'}
              loading={feedback.isPending && feedback.variables === helpful}
              onClick={() => vote(helpful)}
            >
              {label} {count}
            </Button>
          ))}
        </div>
        <div className="faq-copilot-entry">
          <Link to="/faq/copilot">{T.stillUnsure}</Link>
        </div>
      </article>
    </PullRefresh>
  );
}

import '../exam.css';
import { PAPER_STATE_LABELS, type PaperListItem } from '@crm/domain/api/exam';
import { ErrorBlock, List, Tag } from 'antd-mobile';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { RowLink } from '../../../components/row-link.tsx';
import { usePaperList } from '../api/exam.ts';
import { formatTime } from '../components/format.ts';
import { examTexts as T } from '../texts.ts';

const STATE_COLORS: Record<string, string> = {
  open: 'primary',
  in_progress: 'warning',
  marking: 'warning',
  passed: 'success',
  failed: 'danger',
  done: 'success',
  closed: 'default',
  upcoming: 'default',
  owned: 'default',
};

function facts(p: PaperListItem) {
  const parts = [T.questions(p.question_count)];
  if (p.kind === 'exam') {
    parts.push(T.totalPoints(p.total_points), T.passScore(p.pass_score));
    if (p.time_limit_minutes !== null) parts.push(T.minutes(p.time_limit_minutes));
    parts.push(T.attempts(p.attempts_used, p.max_attempts));
    if (p.best_score !== null) parts.push(T.bestScore(p.best_score));
  }
  if (p.closes_at) parts.push(T.closesAt(formatTime(p.closes_at)));
  return parts.join(' · ');
}

/** /exam/center: the exams and questionnaires assigned to me, each with where it stands. */
export function ExamCenterPage() {
  const papers = usePaperList();
  if (!papers.isSuccess) return <QueryFallback query={papers} />;
  return (
    <div className="page">
      <PullRefresh onRefresh={() => papers.refetch()} texts={T}>
        {papers.data.length === 0 ? (
          <ErrorBlock status="empty" title={T.empty} description="" />
        ) : (
          <List>
            {papers.data.map((p) => (
              <RowLink key={p.id} to={`/exam/paper/${p.id}`} className="exam-paper-row">
                <span className="exam-paper-row__title">
                  <Tag color={p.kind === 'exam' ? 'primary' : 'success'} fill="outline">
                    {p.kind === 'exam' ? T.exam : T.survey}
                  </Tag>{' '}
                  {p.title} <Tag color={STATE_COLORS[p.state] ?? 'default'}>{PAPER_STATE_LABELS[p.state]}</Tag>
                </span>
                <span className="exam-paper-row__facts">{facts(p)}</span>
              </RowLink>
            ))}
          </List>
        )}
      </PullRefresh>
    </div>
  );
}

import '../exam.css';
import { useMutation } from '@tanstack/react-query';
import { Button, List, NoticeBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useHeaderTitle } from '../../../lib/header-title.tsx';
import { showErrorToast } from '../../../lib/toast.ts';
import { startAttempt, usePaperDetail } from '../api/exam.ts';
import { AttemptView } from '../components/attempt-view.tsx';
import { formatTime } from '../components/format.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { PaperStats } from '../components/paper-stats.tsx';
import { examTexts as T } from '../texts.ts';

/**
 * /exam/paper/:id: a paper's rules and my attempts; 开始答题 starts an attempt (the server fixes its deadline),
 * and an attempt left open (a reload, a closed window) resumes by itself with the time the server says is left.
 */
export function ExamPaperPage() {
  const id = Number(useParams().id);
  const detail = usePaperDetail(id);
  const start = useMutation({ mutationFn: startAttempt, onError: showErrorToast });
  const [showStats, setShowStats] = useState(false);
  const starting = start.isPending;
  const begin = () => start.mutate(id);

  // An attempt left open (a reload, a closed window) resumes by itself, once.
  const inProgress = detail.data?.state === 'in_progress';
  const { isIdle, mutate } = start;
  useEffect(() => {
    if (inProgress && isIdle) mutate(id);
  }, [inProgress, isIdle, mutate, id]);

  const attempt = start.data;
  const surveyTitle = attempt ? T.surveyAnsweringTitle : T.surveyTitle;
  useHeaderTitle(detail.data?.kind === 'survey' ? surveyTitle : undefined);
  if (attempt) return <AttemptView attempt={attempt} />;
  if (detail.isPending || (inProgress && starting)) return <PageLoading />;
  if (detail.error) return <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const p = detail.data;
  const isSurvey = p.kind === 'survey';
  const askAndStart = async () => {
    const content = T.startConfirm(isSurvey ? null : p.time_limit_minutes);
    if (await askToConfirm(content, { confirm: T.confirm, cancel: T.cancel })) begin();
  };
  return (
    <div className="page">
      <List header={p.title}>
        {p.intro && <List.Item>{p.intro}</List.Item>}
        <List.Item extra={p.state_label}>
          {[
            T.questions(p.question_count),
            ...(isSurvey
              ? [p.anonymous ? T.anonymous : '']
              : [
                  T.totalPoints(p.total_points),
                  T.passScore(p.pass_score),
                  p.time_limit_minutes === null ? '' : T.minutes(p.time_limit_minutes),
                  T.attempts(p.attempts_used, p.max_attempts),
                ]),
          ]
            .filter(Boolean)
            .join(' · ')}
        </List.Item>
        {p.closes_at && <List.Item>{T.closesAt(formatTime(p.closes_at))}</List.Item>}
      </List>
      {p.blocked_reason && <NoticeBar content={p.blocked_reason} color="info" />}
      {p.can_start && (
        <div className="form-actions">
          <Button block color="primary" loading={starting} onClick={() => void (inProgress ? begin() : askAndStart())}>
            {inProgress ? T.resume : isSurvey ? T.startSurvey : T.start}
          </Button>
        </div>
      )}
      {p.attempts.some((a) => a.status !== 'open') && (
        <List header={T.myAttempts}>
          {p.attempts
            .filter((a) => a.status !== 'open')
            .map((a) => (
              <List.Item key={a.id} extra={a.status_label}>
                <Link to={`/exam/detail/${a.id}`}>
                  {isSurvey ? T.viewAttempt : T.score(a.score, p.total_points)}
                  {a.submitted_at ? ` · ${formatTime(a.submitted_at)}` : ''}
                </Link>
              </List.Item>
            ))}
        </List>
      )}
      {p.can_view_results && (
        <div className="form-actions">
          {showStats ? (
            <PaperStats paperId={p.id} />
          ) : (
            <Button block onClick={() => setShowStats(true)}>
              {T.viewResults}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

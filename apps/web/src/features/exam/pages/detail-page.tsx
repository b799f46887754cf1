import '../exam.css';
import type { AnswerDetail } from '@crm/domain/api/exam';
import { QUESTION_TYPE_LABELS } from '@crm/domain/api/exam';
import { Button, Input, List, NoticeBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useAnswerDetail, useMarkAnswer } from '../api/exam.ts';
import { letter } from '../components/format.ts';
import { examTexts as T } from '../texts.ts';

type DetailQuestion = AnswerDetail['questions'][number];

const keysText = (q: DetailQuestion, keys: number[]) =>
  keys.length === 0
    ? T.noAnswer
    : keys
        .map((k) => {
          // Lettered as the attempt showed them (its own order), not as authored.
          const at = q.options.findIndex((o) => o.key === k);
          const text = q.options[at]?.text ?? '';
          return q.type === 'judge' ? text : `${letter(at)}. ${text}`;
        })
        .join('；');

function MarkField({ attemptId, question }: { attemptId: number; question: DetailQuestion }) {
  const mark = useMarkAnswer();
  const [value, setValue] = useState(question.awarded === null ? '' : String(question.awarded));
  const label = `${T.markPoints}：${question.text}`;
  const save = async () => {
    const points = Number(value);
    if (value.trim() === '' || !Number.isInteger(points) || points < 0 || points > question.points) {
      showToast({ content: T.markInvalid });
      return;
    }
    try {
      const { msg } = await mark.mutateAsync({ attemptId, questionId: question.id, points });
      showToast({ content: msg });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <div className="exam-mark">
      <Input
        aria-label={label}
        placeholder={T.markHint(question.points)}
        value={value}
        onChange={setValue}
        type="number"
      />
      <Button size="small" color="primary" loading={mark.isPending} onClick={() => void save()}>
        {T.markSave}
      </Button>
    </div>
  );
}

/**
 * /exam/detail/:id: a handed-in attempt question by question: my answers and points, the right answers once
 * graded where the paper shows them, and for the leader who marks it a points field by each short answer.
 */
export function ExamDetailPage() {
  const id = Number(useParams().id);
  const detail = useAnswerDetail(id);
  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const d = detail.data;
  const isExam = d.kind === 'exam';
  return (
    <div className="page">
      <List header={d.paper_title}>
        <List.Item extra={d.status_label} description={d.staff_name}>
          {isExam ? T.score(d.score, d.total_points) : T.survey}{' '}
          {d.passed === true && <Tag color="success">{T.passed}</Tag>}
          {d.passed === false && <Tag color="danger">{T.failed}</Tag>}
        </List.Item>
      </List>
      {d.status === 'marking' && !d.can_mark && <NoticeBar content={T.waitingMarks} color="info" />}
      <List>
        {d.questions.map((q, index) => (
          <List.Item
            key={q.id}
            description={`${QUESTION_TYPE_LABELS[q.type]}${isExam ? ` · ${T.awarded(q.awarded, q.points)}` : ''}`}
          >
            <div className="exam-question__text">{`${index + 1}. ${q.text}`}</div>
            <div>
              {T.yourAnswer}：{q.type === 'short' ? q.answer_text || T.noAnswer : keysText(q, q.choice)}
            </div>
            {q.correct && (
              <div className="exam-correct">
                {T.correctAnswer}：{keysText(q, q.correct)}
              </div>
            )}
            {q.reference !== null && q.reference !== '' && (
              <div className="exam-correct">
                {T.reference}：{q.reference}
              </div>
            )}
            {d.can_mark && q.type === 'short' && <MarkField attemptId={d.id} question={q} />}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

import type { Attempt, AttemptQuestion } from '@crm/domain/api/exam';
import { QUESTION_TYPE_LABELS } from '@crm/domain/api/exam';
import { Button, Checkbox, List, NoticeBar, Radio, Space, TextArea } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, isNetworkFailure } from '../../../lib/api-client.ts';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { saveAnswer, useSubmitAttempt } from '../api/exam.ts';
import { examTexts as T } from '../texts.ts';
import { formatCountdown, letter } from './format.ts';
import { readPending, writePending } from './pending-answers.ts';

type Answers = Record<string, string>;

/** The saved answers as the strings paperAnswer takes. */
const initialAnswers = (attempt: Attempt): Answers => ({
  ...Object.fromEntries(
    attempt.answers.map((a) => [String(a.question_id), a.text !== '' ? a.text : a.choice.join(',')]),
  ),
  ...readPending(attempt.id),
});

/** The time left, counted down on the phone's monotonic clock from what the server said was left. */
function useRemaining(remainingMs: number | null) {
  const [left, setLeft] = useState(remainingMs);
  useEffect(() => {
    if (remainingMs === null) return undefined;
    const end = performance.now() + remainingMs;
    const timer = setInterval(() => setLeft(Math.max(0, end - performance.now())), 500);
    return () => clearInterval(timer);
  }, [remainingMs]);
  return left;
}

function QuestionField({
  question,
  index,
  value,
  onChoose,
  onType,
  onLeave,
}: {
  question: AttemptQuestion;
  index: number;
  value: string;
  onChoose: (value: string) => void;
  onType: (value: string) => void;
  onLeave: () => void;
}) {
  const title = `${index + 1}. ${question.text}`;
  const label = `${QUESTION_TYPE_LABELS[question.type]}${question.points > 0 ? ` · ${question.points} 分` : ''}`;
  const keys = value === '' ? [] : value.split(',').map(Number);
  return (
    <List.Item description={label}>
      <fieldset className="exam-question" aria-label={title}>
        <legend>{title}</legend>
        {question.type === 'short' ? (
          <TextArea
            aria-label={title}
            placeholder={T.shortPlaceholder}
            value={value}
            onChange={onType}
            onBlur={onLeave}
            rows={3}
            maxLength={2000}
          />
        ) : question.type === 'multiple' ? (
          <Checkbox.Group
            value={keys}
            onChange={(chosen) =>
              onChoose(
                [...chosen]
                  .map(Number)
                  .sort((a, b) => a - b)
                  .join(','),
              )
            }
          >
            <Space direction="vertical">
              {question.options.map((o, i) => (
                <Checkbox key={o.key} value={o.key}>
                  {`${letter(i)}. ${o.text}`}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        ) : (
          <Radio.Group value={keys[0] ?? null} onChange={(chosen) => onChoose(String(chosen))}>
            <Space direction="vertical">
              {question.options.map((o, i) => (
                <Radio key={o.key} value={o.key}>
                  {question.type === 'judge' ? o.text : `${letter(i)}. ${o.text}`}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
      </fieldset>
    </List.Item>
  );
}

/**
 * An open attempt: the questions in this attempt's order, each answer saved as it is chosen (kept on the
 * phone until the server has it), the server's time counting down, and the hand-in (automatic at zero).
 */
export function AttemptView({ attempt }: { attempt: Attempt }) {
  const navigate = useNavigate();
  const submit = useSubmitAttempt();
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(attempt));
  const [pending, setPending] = useState<Answers>(() => readPending(attempt.id));
  const left = useRemaining(attempt.remaining_ms);
  const finished = useRef(false);
  const isSurvey = attempt.kind === 'survey';

  const markPending = useCallback(
    (update: (p: Answers) => Answers) =>
      setPending((p) => {
        const next = update(p);
        writePending(attempt.id, next);
        return next;
      }),
    [attempt.id],
  );

  /** Sends one answer; kept pending on a network failure, dropped (with the server's reason) on a refusal. */
  const send = useCallback(
    async (questionId: string, value: string) => {
      try {
        await saveAnswer(attempt.id, Number(questionId), value);
        markPending((p) => {
          if (p[questionId] !== value) return p;
          const { [questionId]: _sent, ...rest } = p;
          return rest;
        });
        return true;
      } catch (error) {
        if (!isNetworkFailure(error)) {
          markPending((p) => {
            const { [questionId]: _refused, ...rest } = p;
            return rest;
          });
          showErrorToast(error);
        }
        return false;
      }
    },
    [attempt.id, markPending],
  );

  const flush = useCallback(async () => {
    const all = readPending(attempt.id);
    const results = await Promise.all(Object.entries(all).map(([q, v]) => send(q, v)));
    return results.every(Boolean);
  }, [attempt.id, send]);

  // Resume: what the phone kept goes out at once, and again whenever the network comes back.
  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const choose = (questionId: number, value: string) => {
    const q = String(questionId);
    setAnswers((a) => ({ ...a, [q]: value }));
    markPending((p) => ({ ...p, [q]: value }));
    void send(q, value);
  };
  const type = (questionId: number, value: string) => {
    const q = String(questionId);
    setAnswers((a) => ({ ...a, [q]: value }));
    markPending((p) => ({ ...p, [q]: value }));
  };
  const leave = (questionId: number) => {
    const q = String(questionId);
    const value = readPending(attempt.id)[q];
    if (value !== undefined) void send(q, value);
  };

  const handIn = useCallback(
    async (auto: boolean) => {
      if (finished.current) return;
      const allSaved = await flush();
      if (!auto && !allSaved) {
        showToast({ content: T.submitUnsaved });
        return;
      }
      finished.current = true;
      try {
        await submit.mutateAsync(attempt.id);
        writePending(attempt.id, {});
        showToast({ content: auto ? T.timeUp : T.submittedToast });
      } catch (error) {
        // Handed in already (another tab, the time-up sweep): the result page says where it stands.
        if (isApiError(error) && !isNetworkFailure(error)) showErrorToast(error);
        else {
          finished.current = false;
          showErrorToast(error);
          return;
        }
      }
      void navigate(`/exam/detail/${attempt.id}`, { replace: true });
    },
    [attempt.id, flush, navigate, submit],
  );

  useEffect(() => {
    if (left !== null && left <= 0) void handIn(true);
  }, [left, handIn]);

  const unanswered = attempt.questions.filter((q) => (answers[String(q.id)] ?? '') === '').length;
  const unsaved = Object.keys(pending).length;
  const confirmAndSubmit = async () => {
    const content = isSurvey ? T.submitSurveyConfirm : T.submitConfirm(unanswered);
    if (await askToConfirm(content, { confirm: T.confirm, cancel: T.cancel })) await handIn(false);
  };

  return (
    <div className="exam-attempt">
      <div className="exam-attempt__bar" role="status">
        {left !== null && (
          <span className="exam-attempt__clock" aria-label={T.remaining}>
            {T.remaining} {formatCountdown(left)}
          </span>
        )}
        <span>{T.answeredOf(attempt.questions.length - unanswered, attempt.questions.length)}</span>
        <span>{unsaved > 0 ? T.unsaved(unsaved) : T.saved}</span>
      </div>
      {unsaved > 0 && <NoticeBar content={T.unsaved(unsaved)} color="alert" />}
      <List header={attempt.title}>
        {attempt.questions.map((q, index) => (
          <QuestionField
            key={q.id}
            question={q}
            index={index}
            value={answers[String(q.id)] ?? ''}
            onChoose={(value) => choose(q.id, value)}
            onType={(value) => type(q.id, value)}
            onLeave={() => leave(q.id)}
          />
        ))}
      </List>
      <div className="form-actions">
        <Button block color="primary" loading={submit.isPending} onClick={() => void confirmAndSubmit()}>
          {isSurvey ? T.submitSurvey : T.submit}
        </Button>
      </div>
    </div>
  );
}

import type { FaqAnswer } from '@crm/domain/api/faq';
import { Button, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { askCopilot } from '../api/ask-copilot.ts';
import { useCopilotHistory } from '../api/faq.ts';
import { AnswerText } from '../components/rich-text.tsx';
import { faqTexts as T } from '../texts.ts';
import '../faq.css';

type Turn = { key: string; question: string; answer: FaqAnswer | null; text: string };

function BotBubble({ turn }: { turn: Turn }) {
  const answer = turn.answer;
  return (
    <div className="faq-bubble faq-bubble--bot" aria-live="polite">
      {answer ? <span className="faq-bubble__kind">{T.kind[answer.kind]}</span> : null}
      {turn.text ? <AnswerText text={turn.text} citations={answer?.citations ?? []} /> : T.thinking}
      {answer && answer.citations.length > 0 ? (
        <div className="faq-sources">
          {T.sources}
          {answer.citations.map((c) => (
            <Link key={c.n} to={`/faq/detail/${c.id}`}>
              [{c.n}] {c.title}
            </Link>
          ))}
        </div>
      ) : null}
      {answer?.kind === 'unknown' ? (
        <div className="faq-sources">
          {answer.leader ? <a href={`tel:${answer.leader.phone}`}>{T.askLeader(answer.leader.name)}</a> : T.noLeader}
        </div>
      ) : null}
    </div>
  );
}

/** /faq/copilot: the chat. Text appears as the server streams it; citations open the entries. */
export function FaqCopilotPage() {
  const history = useCopilotHistory();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const asked = useRef(0);
  useEffect(() => () => aborter.current?.abort(), []);
  const bar = useRef<HTMLFormElement>(null);
  // The input bar is fixed over the page's bottom: the newest answer's end stops above the bar, not behind it
  // (issue 39.12). Measured each time, as the bar grows with a question of several lines.
  useEffect(() => {
    const marker = end.current;
    if (!marker) return;
    marker.style.scrollMarginBottom = `${bar.current?.offsetHeight ?? 0}px`;
    marker.scrollIntoView?.({ block: 'end' });
  }, [turns, history.data]);

  if (!history.isSuccess) return <QueryFallback query={history} />;

  const update = (key: string, change: (turn: Turn) => Turn) =>
    setTurns((all) => all.map((turn) => (turn.key === key ? change(turn) : turn)));

  const ask = async () => {
    const text = question.trim();
    if (text.length === 0 || isAsking) return;
    asked.current += 1;
    const key = `q${asked.current}`;
    setTurns((all) => [...all, { key, question: text, answer: null, text: '' }]);
    setQuestion('');
    setIsAsking(true);
    aborter.current = new AbortController();
    try {
      const answer = await askCopilot(
        text,
        {
          onDelta: (part) => update(key, (turn) => ({ ...turn, text: turn.text + part })),
          onReplace: (whole) => update(key, (turn) => ({ ...turn, text: whole })),
        },
        aborter.current.signal,
      );
      update(key, (turn) => ({ ...turn, answer, text: answer.answer }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setTurns((all) => all.filter((turn) => turn.key !== key));
      setQuestion(text);
      showToast({ content: error instanceof Error ? error.message : T.streamBroken });
    } finally {
      setIsAsking(false);
    }
  };

  const past: Turn[] = history.data.map((a) => ({ key: `h${a.id}`, question: a.question, answer: a, text: a.answer }));
  const all = [...past, ...turns];
  return (
    <div className="page">
      <div className="faq-chat">
        <div className="faq-bubble faq-bubble--bot">{T.copilotWelcome}</div>
        {all.map((turn) => (
          <div key={turn.key}>
            <div className="faq-bubble faq-bubble--me">{turn.question}</div>
            <BotBubble turn={turn} />
          </div>
        ))}
        <div ref={end} />
      </div>
      <form
        ref={bar}
        className="faq-ask"
        onSubmit={(event) => {
          event.preventDefault();
          void ask();
        }}
      >
        <TextArea
          aria-label={T.questionPlaceholder}
          placeholder={T.questionPlaceholder}
          value={question}
          onChange={setQuestion}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={300}
        />
        <Button type="submit" color="primary" loading={isAsking} disabled={question.trim().length < 2}>
          {T.send}
        </Button>
      </form>
    </div>
  );
}

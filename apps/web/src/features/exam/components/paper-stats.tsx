import { List } from 'antd-mobile';
import { BarChart } from '../../../components/bar-chart.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { usePaperStats } from '../api/exam.ts';
import { examTexts as T } from '../texts.ts';
import { letter } from './format.ts';

/** A paper's results for its owner: a bar chart of each choice question, the texts of each short one. */
export function PaperStats({ paperId }: { paperId: number }) {
  const stats = usePaperStats(paperId, true);
  if (!stats.isSuccess) return <QueryFallback query={stats} />;
  const data = stats.data;
  return (
    <List header={`${T.viewResults} · ${T.responses(data.responses)}`}>
      {data.questions.map((q, index) => (
        <List.Item
          key={q.id}
          description={
            q.type === 'short' ? undefined : q.options.map((o) => `${letter(o.key)} ${o.text}：${o.count}`).join('；')
          }
        >
          <div>{`${index + 1}. ${q.text}`}</div>
          {q.type === 'short' ? (
            q.texts.length === 0 ? (
              <div>{T.noTexts}</div>
            ) : (
              <ul className="exam-texts">
                {q.texts.map((t, i) => (
                  <li key={i}>{`${t.staff_name}：${t.text}`}</li>
                ))}
              </ul>
            )
          ) : (
            <BarChart
              labels={q.options.map((o) => letter(o.key))}
              series={[q.options.map((o) => o.count)]}
              summary={q.options.map((o) => `${o.text} ${o.count}`).join('，')}
              height={160}
              onlyInteger
            />
          )}
        </List.Item>
      ))}
    </List>
  );
}

import '../exam.css';
import type { AnswerListItem } from '@crm/domain/api/exam';
import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { useKeyTabs, type KeyTabList } from '../../../components/key-tabs.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { useAnswerList, type AnswerScope } from '../api/exam.ts';
import { formatTime } from '../components/format.ts';
import { examTexts as T } from '../texts.ts';

const MINE_ONLY: KeyTabList<AnswerScope> = [{ key: 'mine', title: T.tabMine }];
const LEADER_TABS: KeyTabList<AnswerScope> = [
  { key: 'mine', title: T.tabMine },
  { key: 'mark', title: T.tabMark },
  { key: 'team', title: T.tabTeam },
];

function AnswerRow({ row, showName }: { row: AnswerListItem; showName: boolean }) {
  return (
    <Link to={`/exam/detail/${row.id}`} className="exam-answer-row">
      <div>
        {showName ? `${row.staff_name} · ` : ''}
        {row.paper_title}
      </div>
      <div className="exam-answer-row__meta">
        {row.kind === 'exam' ? T.score(row.score, row.total_points) : T.survey}{' '}
        {row.passed === true && <Tag color="success">{T.passed}</Tag>}
        {row.passed === false && <Tag color="danger">{T.failed}</Tag>}
        {row.status === 'marking' && <Tag color="warning">{row.status_label}</Tag>}
        {row.submitted_at ? ` ${formatTime(row.submitted_at)}` : ''}
      </div>
    </Link>
  );
}

/** /exam/list: my handed-in attempts; for a leader also those waiting for marks and the team's scores. */
export function ExamListPage() {
  const isLeader = useStoredUser()?.leader === true;
  const [scope, tabs] = useKeyTabs(isLeader ? LEADER_TABS : MINE_ONLY);
  const list = useAnswerList(scope);
  return (
    <div className="page">
      {isLeader && tabs}
      <PullRefresh onRefresh={list.refresh} texts={T}>
        <PagedList
          list={list}
          emptyText={T.emptyAnswers}
          renderItem={(row) => <AnswerRow row={row} showName={scope !== 'mine'} />}
        />
      </PullRefresh>
    </div>
  );
}

import { formatDateTime } from '@crm/domain/datetime';
import type { ViewLogItem } from '@crm/domain/api/cases';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page.tsx';
import { useViewLog } from '../api/get-view-log.ts';
import { teamTexts as T } from '../texts.ts';

/** /team/viewLog: the team's view log of personal numbers shown in full (decision 058), from /team/list. */
export function ViewLogPage() {
  const list = useViewLog();
  const navigate = useNavigate();
  return (
    <ListPage<ViewLogItem>
      list={list}
      emptyText={T.viewLog.empty}
      renderItem={(item) => (
        <List.Item
          onClick={() => void navigate(`/business/detail/${item.client_id}`)}
          description={formatDateTime(item.viewed_at)}
        >
          {T.viewLog.line(item.staff_name, T.viewLog.fields[item.field] ?? item.field, item.client_name)}
        </List.Item>
      )}
    />
  );
}

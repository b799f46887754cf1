import { formatDay } from '@crm/domain/datetime';
import type { UserlistRow } from '@crm/domain/api/chatter';
import { Card, List, Tag } from 'antd-mobile';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useCustomers, useHistory, useIntegral, useWorkList } from '../api/chatter-api.ts';
import { chatterTexts as T } from '../texts.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import '../chattergee.css';

const day = (iso: string) => formatDay(iso);

/** /chattergee/user: the customers the person filed, newest first, each to its points (list/{id}). */
export function ChatterUserPage() {
  const customers = useCustomers();
  return <ListPage list={customers} emptyText={T.customersEmpty} renderItem={(row) => <CustomerRow row={row} />} />;
}

/** A filed customer: whether they have authorised, their wallet's balance; a tap opens their points. */
function CustomerRow({ row }: { row: UserlistRow }) {
  const navigate = useNavigate();
  return (
    <List.Item
      onClick={() => void navigate(`/chattergee/list/${row.id}`)}
      description={row.balance === null ? T.noWallet : T.walletBalance(row.balance)}
      extra={<Tag color={row.authed ? 'success' : 'default'}>{row.authed ? T.authed : T.notAuthed}</Tag>}
    >
      {row.name}
    </List.Item>
  );
}

/** /chattergee/list/{id}: the points a customer's wallet received: who, why, when. */
export function ChatterListPage() {
  const history = useHistory(Number(useParams().id));
  return (
    <ListPage
      list={history}
      emptyText={T.historyEmpty}
      renderItem={(row) => (
        <List.Item description={day(row.created_at)} extra={`+${row.amount}`}>
          {T.historyRow(row.staff_name, row.reason)}
        </List.Item>
      )}
    />
  );
}

/** /chattergee/tool: my points, my customers, and the company's workbench items (workList). */
export function ChatterToolPage() {
  const integral = useIntegral('');
  const work = useWorkList();
  if (integral.isPending || work.isPending) return <PageLoading lines={4} />;
  if (integral.isError || work.isError) {
    const error = integral.error ?? work.error;
    return (
      <LoadError
        title={T.loadFailed}
        message={error?.message ?? ''}
        onRetry={() => void Promise.all([integral.refetch(), work.refetch()])}
      />
    );
  }
  return (
    <div className="page">
      <Card className="chatter-card" title={T.myPoints(integral.data.mine)}>
        <Link to="/chattergee/user">{T.myCustomers}</Link>
      </Card>
      <List header={T.workbench}>
        {work.data.list.length === 0 ? <List.Item>{T.workbenchEmpty}</List.Item> : null}
        {work.data.list.map((item) => (
          <List.Item key={item.id}>
            {item.url.startsWith('/') ? <Link to={item.url}>{item.title}</Link> : <a href={item.url}>{item.title}</a>}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

import { formatDay } from '@crm/domain/datetime';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useLogout, useMe } from '../api/session.ts';
import { StatusBanner } from '../components/status-banner.tsx';
import { outsideTexts as T } from '../texts.ts';

/** /outside/account: the partner's account, inviter, protection period, and 退出登录. */
export function OutsideAccountPage() {
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  if (!me.isSuccess) return <QueryFallback query={me} />;
  const user = me.data;
  const leave = async () => {
    // Whatever the server answers, this phone forgets the partner, once this page is gone.
    await logout.mutateAsync().catch(() => undefined);
    showToast({ content: T.loggedOut, icon: 'success' });
    await navigate('/outside/login', { replace: true });
    logout.forget();
  };
  return (
    <div className="page">
      <StatusBanner user={user} />
      <List mode="card" header={user.name}>
        <List.Item extra={user.phone}>{T.phone}</List.Item>
        <List.Item extra={user.corp_name}>{T.company}</List.Item>
        <List.Item extra={user.status_label}>{T.accountStatus}</List.Item>
        <List.Item extra={user.inviter_name || '-'}>{T.inviter}</List.Item>
        <List.Item extra={T.days(user.protection_days)}>{T.protectionDaysLabel}</List.Item>
        <List.Item extra={formatDay(user.created_at)}>{T.registeredAt}</List.Item>
        {/* The commission statements (decision 067). */}
        <List.Item onClick={() => void navigate('/outside/statement')}>{T.statements}</List.Item>
      </List>
      <LogoutButton texts={T} loading={logout.isPending} onLeave={leave} />
    </div>
  );
}

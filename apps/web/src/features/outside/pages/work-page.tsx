import type { ReferralListItem } from '@crm/domain/api/outside';
import { ErrorBlock, List } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useReferrals } from '../api/referrals.ts';
import { useMe } from '../api/session.ts';
import { isApproved, StatusBanner } from '../components/status-banner.tsx';
import { ReferralRow } from '../../../components/referral-row.tsx';
import { outsideTexts as T } from '../texts.ts';

const EXPIRING = { status: 1, scope: 'mine' as const, expiring: true };

/** /outside/work: to-dos: the account while not approved, and referrals whose protection ends within 7 days. */
export function OutsideWorkPage() {
  const me = useMe();
  const expiring = useReferrals(EXPIRING);
  if (!me.isSuccess) return <QueryFallback query={me} />;
  const approved = isApproved(me.data);
  const nothing = approved && !expiring.isPending && !expiring.error && expiring.items.length === 0;
  return (
    <div className="page">
      {approved ? null : (
        <List mode="card" header={T.todoAccount}>
          <StatusBanner user={me.data} />
        </List>
      )}
      {nothing ? (
        <ErrorBlock status="empty" title={T.noTodo} description="" />
      ) : (
        <>
          <div className="section-title">{T.todoExpiring}</div>
          <PagedList<ReferralListItem>
            list={expiring}
            emptyText={T.noTodo}
            renderItem={(item) => <ReferralRow item={item} to={`/outside/detail/${item.id}`} />}
          />
        </>
      )}
    </div>
  );
}

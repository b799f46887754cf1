import type { PartnerRow } from '@crm/domain/api/outside';
import { List, Tag } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list.tsx';
import { useTeam } from '../api/partners.ts';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/team: my direct sub-partners with their account status and referral counts. */
export function OutsideTeamPage() {
  const team = useTeam();
  return (
    <div className="page">
      <PagedList<PartnerRow>
        list={team}
        renderItem={(row) => (
          <List.Item
            description={T.partnerCounts(row.counts.protected, row.counts.converted, row.counts.released)}
            extra={<Tag color={row.status === 1 ? 'success' : 'default'}>{row.status_label}</Tag>}
          >
            {row.name} <span className="muted">{row.phone}</span>
          </List.Item>
        )}
      />
    </div>
  );
}

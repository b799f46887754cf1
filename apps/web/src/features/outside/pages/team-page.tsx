import type { PartnerRow } from '@crm/domain/api/outside';
import { List, Tag } from 'antd-mobile';
import { ListPage } from '../../../components/list-page.tsx';
import { useTeam } from '../api/partners.ts';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/team: my direct sub-partners with their account status and referral counts. */
export function OutsideTeamPage() {
  return (
    <ListPage<PartnerRow>
      list={useTeam()}
      renderItem={(row) => (
        <List.Item
          description={T.partnerCounts(row.counts.protected, row.counts.converted, row.counts.released)}
          extra={<Tag color={row.status === 1 ? 'success' : 'default'}>{row.status_label}</Tag>}
        >
          {row.name} <span className="muted">{row.phone}</span>
        </List.Item>
      )}
    />
  );
}

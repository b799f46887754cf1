import type { ServiceItem } from '@crm/domain/api/cases';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page.tsx';
import { openAllTabs, useTabbedList } from '../../../components/key-tabs.tsx';
import { useService } from '../api/get-service.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';

const T = casesTexts.service;

/** /business/service: the cases put to customer service (job 3; GET service). */
export function ServicePage() {
  const [list, tabs] = useTabbedList(openAllTabs(T), useService);
  return (
    <ListPage<ServiceItem>
      header={tabs}
      list={list}
      renderItem={(item) => (
        <Link className="case-row" to={`/business/service_detail/${item.id}`}>
          <div className="case-row__top">
            <span>{item.client_name}</span>
            <StatusTag status={item.client_status} />
          </div>
          <div className="case-row__sub">
            <span>
              {T.owner}：{item.owner_name}
            </span>
            <span>{T.statusLabels[item.status] ?? item.status}</span>
          </div>
        </Link>
      )}
    />
  );
}

import type { CaseListItem } from '@crm/domain/api/cases';
import { CASE_STATUS } from '@crm/domain/status';
import { NoticeBar } from 'antd-mobile';
import { ListPage } from '../../../components/list-page.tsx';
import { useClientList } from '../api/get-client-list.ts';
import { CaseRow } from '../components/case-row.tsx';
import { casesTexts } from '../texts.ts';

/** /business/reject: my cases whose signing failed, each to correct and resubmit. */
export function RejectPage() {
  const list = useClientList({ status: CASE_STATUS.SIGNING_FAILED, keyword: '' });
  return (
    <ListPage<CaseListItem>
      header={<NoticeBar content={casesTexts.reject.hint} color="info" wrap />}
      list={list}
      renderItem={(item) => <CaseRow item={item} to={`/business/detail/${item.id}`} />}
    />
  );
}

import type { CaseListItem } from '@crm/domain/api/cases';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@crm/domain/status';
import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { OptionField } from '../../../components/option-field.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useClientList } from '../api/get-client-list.ts';
import { CaseRow } from '../components/case-row.tsx';
import { casesTexts } from '../texts.ts';

const STATUS_OPTIONS = [
  { value: 0, label: casesTexts.list.all },
  ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] })),
];

/** /business/list: my cases, searchable by name or phone tail, filtered by status (POST clientList). */
export function ListPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('0');
  const list = useClientList({ status: Number(status), keyword });
  return (
    <div className="page">
      <div className="toolbar">
        <SearchBar
          placeholder={casesTexts.list.search}
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
        <div style={{ width: 96 }}>
          <OptionField id="list-status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        </div>
      </div>
      <PagedList<CaseListItem>
        list={list}
        itemKey={(item) => item.id}
        renderItem={(item) => <CaseRow item={item} to={`/business/detail/${item.id}`} />}
      />
    </div>
  );
}

import type { CaseListItem } from '@crm/domain/api/cases';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@crm/domain/status';
import { NoticeBar, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OptionField } from '../../../components/option-field.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useClientList } from '../api/get-client-list.ts';
import { CaseRow } from '../components/case-row.tsx';
import { casesTexts } from '../texts.ts';

const STATUS_OPTIONS = [
  { value: 0, label: casesTexts.list.all },
  ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] })),
];

/**
 * A member's cases, when a leader taps their row on /team/list (`?scope=team&owner=<id>&name=<name>`);
 * otherwise none. The server keeps the team condition, so a typed owner id never reaches beyond the team.
 */
function useMemberFilter(): { owner_id: number; name: string } | null {
  const [params] = useSearchParams();
  const owner = Number(params.get('owner'));
  if (params.get('scope') !== 'team' || !Number.isInteger(owner) || owner <= 0) return null;
  return { owner_id: owner, name: params.get('name') ?? '' };
}

/** /business/list: my cases (or one team member's), searchable by name or phone tail, filtered by status. */
export function ListPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('0');
  const member = useMemberFilter();
  const list = useClientList({
    status: Number(status),
    keyword,
    ...(member ? { scope: 'team' as const, owner_id: member.owner_id } : {}),
  });
  return (
    <div className="page">
      {member ? <NoticeBar content={casesTexts.list.memberCases(member.name)} color="info" /> : null}
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

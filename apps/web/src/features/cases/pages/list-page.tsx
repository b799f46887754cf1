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

const BAR_KEYS = ['month', 'reached', 'bank_id', 'product_id', 'channel_id'] as const;
type BarFilter = Partial<Record<(typeof BAR_KEYS)[number], string>>;

/**
 * A bar of the dashboard (/team/list, /business/stat; decision 058): `?month=2026-10&reached=5`, or
 * `?bank_id=3` …, with `scope=team` for a leader's and `label` naming the bar. The server checks each value.
 */
function useBarFilter(): { filter: BarFilter; scope: 'mine' | 'team'; label: string } | null {
  const [params] = useSearchParams();
  const filter: BarFilter = {};
  for (const key of BAR_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  if (Object.keys(filter).length === 0) return null;
  return { filter, scope: params.get('scope') === 'team' ? 'team' : 'mine', label: params.get('label') ?? '' };
}

/** /business/list: my cases (or one team member's), searchable by name or phone tail, filtered by status. */
export function ListPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('0');
  const member = useMemberFilter();
  const bar = useBarFilter();
  const list = useClientList({
    status: Number(status),
    keyword,
    ...(member ? { scope: 'team' as const, owner_id: member.owner_id } : {}),
    ...(bar ? { scope: bar.scope, ...bar.filter } : {}),
  });
  return (
    <div className="page">
      {member ? <NoticeBar content={casesTexts.list.memberCases(member.name)} color="info" /> : null}
      {bar ? <NoticeBar content={casesTexts.list.barCases(bar.label)} color="info" /> : null}
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
        renderItem={(item) => <CaseRow item={item} to={`/business/detail/${item.id}`} />}
      />
    </div>
  );
}

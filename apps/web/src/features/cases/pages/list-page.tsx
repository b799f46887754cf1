import type { CaseListItem } from '@crm/domain/api/cases';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@crm/domain/status';
import { Button, Checkbox, NoticeBar, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OptionField } from '../../../components/option-field.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { useClientList } from '../api/get-client-list.ts';
import { CaseRow } from '../components/case-row.tsx';
import { ReassignSheet } from '../components/reassign-sheet.tsx';
import { casesTexts } from '../texts.ts';

const R = casesTexts.reassign;

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

/**
 * Which cases are chosen for a bulk move (decision 066), and why the server left some where they were. Only
 * a leader's list of the team offers it; the server checks each case again.
 */
function useSelection() {
  const [ids, setIds] = useState<number[] | null>(null);
  const [skipped, setSkipped] = useState<Map<number, string>>(new Map());
  return {
    isOn: ids !== null,
    ids: ids ?? [],
    start: () => setIds([]),
    stop: () => {
      setIds(null);
      setSkipped(new Map());
    },
    toggle: (id: number) => setIds((now) => (now?.includes(id) ? now.filter((x) => x !== id) : [...(now ?? []), id])),
    skipped,
    /** After a move: what did not move stays chosen, each with the server's why. */
    keep: (rows: { id: number; reason: string }[]) => {
      setSkipped(new Map(rows.map((row) => [row.id, row.reason])));
      setIds(rows.length > 0 ? rows.map((row) => row.id) : null);
    },
  };
}

/**
 * /business/list: my cases (or, for a leader, the team's: `?scope=team`, or one member's), searchable by name
 * or phone tail, filtered by status. A leader's team list has a multi-select mode to move cases (批量转移).
 */
export function ListPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('0');
  const [params] = useSearchParams();
  const member = useMemberFilter();
  const bar = useBarFilter();
  const user = useStoredUser();
  const wholeTeam = !member && !bar && params.get('scope') === 'team';
  const list = useClientList({
    status: Number(status),
    keyword,
    ...(wholeTeam ? { scope: 'team' as const } : {}),
    ...(member ? { scope: 'team' as const, owner_id: member.owner_id } : {}),
    ...(bar ? { scope: bar.scope, ...bar.filter } : {}),
  });
  const canMove = user?.leader === true && (wholeTeam || member !== null || bar?.scope === 'team');
  const selection = useSelection();
  const [moving, setMoving] = useState<number[] | null>(null);
  return (
    <div className="page">
      {wholeTeam ? <NoticeBar content={casesTexts.list.teamCases} color="info" /> : null}
      {member ? <NoticeBar content={casesTexts.list.memberCases(member.name)} color="info" /> : null}
      {bar ? <NoticeBar content={casesTexts.list.barCases(bar.label)} color="info" /> : null}
      {canMove ? (
        <div className="form-actions form-actions--row">
          {selection.isOn ? (
            <>
              <Button
                size="small"
                color="primary"
                disabled={selection.ids.length === 0}
                onClick={() => setMoving(selection.ids)}
              >
                {R.go(selection.ids.length)}
              </Button>
              <Button size="small" onClick={selection.stop}>
                {R.stop}
              </Button>
            </>
          ) : (
            <Button size="small" onClick={selection.start}>
              {R.start}
            </Button>
          )}
        </div>
      ) : null}
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
        renderItem={(item) =>
          selection.isOn ? (
            <div className="case-select">
              <Checkbox
                checked={selection.ids.includes(item.id)}
                onChange={() => selection.toggle(item.id)}
                aria-label={R.pick(item.name)}
              />
              <div className="case-select__row">
                <CaseRow item={item} to={`/business/detail/${item.id}`} />
                {selection.skipped.has(item.id) ? (
                  <div className="form-field__error" role="alert">
                    {R.skipped}：{selection.skipped.get(item.id)}
                  </div>
                ) : null}
              </div>
            </div>
          ) : (
            <CaseRow item={item} to={`/business/detail/${item.id}`} />
          )
        }
      />
      <ReassignSheet ids={moving} onClose={() => setMoving(null)} onDone={selection.keep} />
    </div>
  );
}

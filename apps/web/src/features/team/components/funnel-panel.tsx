import type { ApprovalRow, Funnel } from '@crm/domain/api/cases';
import { fenToWan } from '@crm/domain/money';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { Skeleton } from 'antd-mobile';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useFunnel } from '../api/get-funnel.ts';
import { teamTexts as T } from '../texts.ts';

/** The cases behind a bar: the case list with the bar's filter, inside the leader's team. */
const casesOf = (filter: Record<string, string>, label: string) =>
  `/business/list?${new URLSearchParams({ scope: 'team', ...filter, label }).toString()}`;

const STAGES = [
  { key: 'intake', reached: '', label: T.funnel.stages.intake },
  { key: 'signed', reached: '3', label: T.funnel.stages.signed },
  { key: 'approved', reached: '5', label: T.funnel.stages.approved },
  { key: 'disbursed', reached: '8', label: T.funnel.stages.disbursed },
] as const;

const statusName = (status: number) => (isCaseStatus(status) ? CASE_STATUS_LABELS[status] : String(status));

/** One row of tappable bars, hand-drawn in SVG: each bar a link to its cases. */
function Bars({ rows }: { rows: { label: string; value: number; text: string; to: string }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <div className="funnel-bars">
      {rows.map((row) => (
        <Link key={row.label} to={row.to} className="funnel-bar" aria-label={`${row.label} ${row.text}`}>
          <span className="funnel-bar__label">{row.label}</span>
          <svg className="funnel-bar__track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect x="0" y="0" width={(row.value / max) * 100} height="10" rx="2" />
          </svg>
          <span className="funnel-bar__value">{row.text}</span>
        </Link>
      ))}
    </div>
  );
}

function ApprovalBars({ title, rows, param }: { title: string; rows: ApprovalRow[]; param: string }) {
  if (rows.length === 0) return null;
  return (
    <>
      <div className="section-title">{title}</div>
      <Bars
        rows={rows.map((row) => ({
          label: row.name,
          value: row.rate_pct,
          text: T.funnel.rate(row.rate_pct, row.approved, row.decided),
          to: casesOf({ [param]: String(row.id) }, `${title} · ${row.name}`),
        }))}
      />
    </>
  );
}

export interface FunnelViewProps {
  data: Funnel;
}

/** The figures of GET funnel, every bar a tap through to its cases. */
export function FunnelView({ data }: FunnelViewProps) {
  return (
    <div className="funnel">
      <div className="section-title">{T.funnel.title}</div>
      {data.months.length === 0 ? <div className="empty-hint">{T.funnel.empty}</div> : null}
      {data.months.map((month) => (
        <div key={month.month} className="funnel-month">
          <div className="funnel-month__title">{month.month}</div>
          <Bars
            rows={STAGES.map((stage) => ({
              label: stage.label,
              value: month[stage.key],
              text: T.count(month[stage.key]),
              to: casesOf(
                stage.reached ? { month: month.month, reached: stage.reached } : { month: month.month },
                `${month.month} ${stage.label}`,
              ),
            }))}
          />
        </div>
      ))}
      {data.medians.length > 0 ? (
        <>
          <div className="section-title">{T.funnel.medians}</div>
          <Bars
            rows={data.medians.map((row) => ({
              label: statusName(row.status),
              value: row.hours,
              text: T.funnel.hours(row.hours),
              to: casesOf({ reached: String(row.status) }, statusName(row.status)),
            }))}
          />
        </>
      ) : null}
      <ApprovalBars title={T.funnel.byBank} rows={data.approval.bank} param="bank_id" />
      <ApprovalBars title={T.funnel.byProduct} rows={data.approval.product} param="product_id" />
      <ApprovalBars title={T.funnel.byChannel} rows={data.approval.channel} param="channel_id" />
      {data.people.length > 0 ? (
        <>
          <div className="section-title">{T.funnel.people}</div>
          <Bars
            rows={data.people.map((row) => ({
              label: row.name,
              value: row.disbursed_fen,
              text: T.funnel.person(row.intake, row.approved, row.disbursed, fenToWan(row.disbursed_fen)),
              to: `/business/list?${new URLSearchParams({ scope: 'team', owner: String(row.staff_id), name: row.name }).toString()}`,
            }))}
          />
        </>
      ) : null}
    </div>
  );
}

/** The dashboard panel of /team/list, loaded in its own chunk (team-list-page lazy-imports this file). */
export function FunnelPanel() {
  const query = useFunnel();
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  return <FunnelView data={query.data} />;
}

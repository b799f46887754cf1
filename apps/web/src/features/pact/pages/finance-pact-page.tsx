import { formatDateTimeSeconds } from '@crm/domain/datetime';
import { formatPpmPercent } from '@crm/domain/calculator';
import { formatFen } from '@crm/domain/money';
import { List, NoticeBar, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { GridTable } from '../../../components/grid-table.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useFinancePact } from '../api/get-finance-pact.ts';
import { pactTexts as T } from '../texts.ts';
import '../pact.css';

const localTime = (iso: string) => formatDateTimeSeconds(iso);

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return rows.map(([label, value]) => (
    <List.Item key={label} extra={value}>
      {label}
    </List.Item>
  ));
}

/**
 * /business/financePact/:id: the financing agreement of a case (GET financePact): parties, terms, the true
 * annual rate and the repayment schedule; a draft until the case is approved, then frozen (decision 051).
 */
export function FinancePactPage() {
  const id = Number(useParams().id ?? 0);
  const pact = useFinancePact(id);

  if (!pact.isSuccess) return <QueryFallback query={pact} errorTitle={T.loadFailed} lines={10} />;
  const p = pact.data;
  const frozen = p.state === 'frozen';

  return (
    <div className="page">
      <NoticeBar
        wrap
        color={frozen ? 'info' : 'alert'}
        content={frozen && p.frozen_at ? T.frozenNotice(localTime(p.frozen_at), p.frozen_by_name) : T.draftNotice}
      />
      <List
        header={
          <span className="case-row__top">
            <span>{T.title}</span>
            <Tag color={frozen ? 'success' : 'warning'}>{T.states[p.state]}</Tag>
          </span>
        }
      >
        <Rows rows={[[T.caseStatus, p.case_status_label]]} />
      </List>
      <List header={T.parties}>
        <Rows
          rows={[
            [T.borrower, p.parties.borrower_name],
            [T.idNumber, p.parties.borrower_id_number],
            [T.phone, p.parties.borrower_phone],
            [T.lender, p.parties.lender_name],
            [T.intermediary, p.parties.intermediary_name],
            [T.agent, p.parties.agent_name],
          ]}
        />
      </List>
      <List header={T.terms}>
        <Rows
          rows={[
            [T.amount, formatFen(p.amount_fen)],
            [T.term, T.months(p.term_months)],
            [T.feeType, p.fee_type_label],
            [T.rate, formatPpmPercent(p.rate_ppm)],
            [T.method, p.repayment_method === null ? T.feeMethod : (T.methods[p.repayment_method] ?? '')],
            [T.nominal, formatPpmPercent(p.nominal_annual_ppm)],
            [T.irr, formatPpmPercent(p.irr_ppm)],
            [T.totalInterest, formatFen(p.total_interest_fen)],
            [T.total, formatFen(p.total_fen)],
          ]}
        />
      </List>
      <div className="section-title">{T.schedule}</div>
      <GridTable
        className="pact-schedule"
        aria-label={T.schedule}
        headers={T.columns}
        rows={p.schedule}
        cells={(row) => [
          row.key + 1,
          formatFen(row.payment_fen),
          formatFen(row.interest_fen),
          formatFen(row.principal_fen),
          formatFen(row.balance_fen),
        ]}
      />
      <p className="pact-disclaimer">{T.disclaimer}</p>
      <div className="form-actions">
        <Link className="link-button link-button--ghost" to={`/business/detail/${p.client_id}`}>
          {T.backToCase}
        </Link>
      </div>
    </div>
  );
}

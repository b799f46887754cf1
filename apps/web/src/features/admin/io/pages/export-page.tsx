import type { ExportKind } from '@crm/domain/api/adminio';
import { Button, Input, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../../lib/toast.ts';
import { useExportStatus, useStartExport } from '../api/export.ts';
import { adminIoTexts as T, CASE_STATUS_OPTIONS, ORDER_STATUS_OPTIONS } from '../texts.ts';
import './admin-io.css';

/**
 * /admin/export (数据导出): case lists (the case list's status and search) or brokerage orders to XLSX. The
 * server writes the file in the background; the page shows its progress and then a download link that only
 * the person who asked may use. Numbers are masked for whoever may not read them in full (decision 058).
 */
export function ExportPage() {
  const [kind, setKind] = useState<ExportKind>('cases');
  const [status, setStatus] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useStartExport();
  const progress = useExportStatus(exportId);
  const job = progress.data;
  const options = kind === 'cases' ? CASE_STATUS_OPTIONS : ORDER_STATUS_OPTIONS;

  const begin = () => {
    start.mutate(
      { kind, status, ...(kind === 'cases' && keyword.trim() ? { keyword: keyword.trim() } : {}) },
      {
        onSuccess: (answer) => setExportId(answer.id),
        onError: (error) => showToast({ content: error.message, icon: 'fail' }),
      },
    );
  };
  const percent = job && job.rows_total > 0 ? Math.round((job.rows_done / job.rows_total) * 100) : job ? 100 : 0;

  return (
    <div className="admin-io">
      <h2>{T.exportTitle}</h2>
      <fieldset className="admin-io-row">
        <legend>{T.exportKind}</legend>
        {(['cases', 'brokerage'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="export-kind"
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setStatus(0);
              }}
            />
            {option === 'cases' ? T.kindCases : T.kindBrokerage}
          </label>
        ))}
      </fieldset>
      <div className="admin-io-row">
        <label>
          {T.status}{' '}
          <select aria-label={T.status} value={status} onChange={(event) => setStatus(Number(event.target.value))}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {kind === 'cases' && (
          <Input aria-label={T.keyword} placeholder={T.keyword} value={keyword} onChange={setKeyword} clearable />
        )}
      </div>
      <p className="admin-io-hint">{T.maskedHint}</p>
      <Button color="primary" onClick={begin} loading={start.isPending} loadingText={T.starting}>
        {exportId ? T.again : T.start}
      </Button>
      {progress.error && (
        <p role="alert" className="admin-io-error">
          {progress.error.message}
        </p>
      )}
      {job && (
        <section aria-label={T.exportTitle}>
          <div className="admin-io-row">
            {/* antd-mobile's bar is a plain div (a label on it is not allowed): the role lives on a wrapper. */}
            <div
              role="progressbar"
              aria-label={T.progress(job.rows_done, job.rows_total)}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
              style={{ flex: 1 }}
            >
              <ProgressBar percent={percent} />
            </div>
            <span role="status">{T.progress(job.rows_done, job.rows_total)}</span>
          </div>
          <p className={job.status === 'failed' ? 'admin-io-error' : undefined}>{job.message}</p>
          {job.status === 'done' && job.download_url && (
            <a className="link-button" href={job.download_url} download>
              {T.download}
            </a>
          )}
        </section>
      )}
    </div>
  );
}

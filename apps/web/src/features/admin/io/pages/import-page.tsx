import {
  IMPORT_COLUMNS,
  type ImportCommit,
  type ImportError,
  type ImportKind,
  type ImportPreview,
  type ImportSkip,
} from '@crm/domain/api/adminio';
import { Button } from 'antd-mobile';
import { useState, type ChangeEvent } from 'react';
import { showToast } from '../../../../lib/toast.ts';
import { useCommitImport, usePreviewImport } from '../api/import.ts';
import { adminIoTexts as T } from '../texts.ts';
import './admin-io.css';

const KINDS: ReadonlyArray<{ kind: ImportKind; label: string }> = [
  { kind: 'staff', label: T.kindStaff },
  { kind: 'clients', label: T.kindClients },
];

/**
 * /admin/import (数据导入): an XLSX of staff or clients is checked on the server row by row; the page shows
 * what will be imported, what is already there (skipped) and every error (row, column, why), and imports
 * the good rows. The rows in error download as an XLSX to fix and upload again (decision 059).
 */
export function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('staff');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<(ImportCommit & { msg: string }) | null>(null);
  const check = usePreviewImport();
  const commit = useCommitImport();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPreview(null);
    setResult(null);
    check.mutate(
      { kind, file },
      {
        onSuccess: setPreview,
        onError: (error) => showToast({ content: error.message, icon: 'fail' }),
      },
    );
  };

  const confirm = () => {
    if (!preview) return;
    commit.mutate(preview.import_id, {
      onSuccess: (answer) => {
        showToast({ content: answer.msg, icon: 'success' });
        setResult(answer);
        setPreview(null);
      },
      onError: (error) => showToast({ content: error.message, icon: 'fail' }),
    });
  };

  return (
    <div className="admin-io">
      <h2>{T.importTitle}</h2>
      <fieldset className="admin-io-row">
        <legend>{T.kindLabel}</legend>
        {KINDS.map((option) => (
          <label key={option.kind}>
            <input
              type="radio"
              name="import-kind"
              checked={kind === option.kind}
              onChange={() => {
                setKind(option.kind);
                setPreview(null);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p className="admin-io-hint">{T.headerHint(IMPORT_COLUMNS[kind])}</p>
      <div className="admin-io-row">
        <label>
          {T.chooseFile}{' '}
          <input type="file" aria-label={T.fileLabel} accept=".xlsx" onChange={choose} disabled={check.isPending} />
        </label>
        {check.isPending && <span>{T.checking}</span>}
      </div>
      {result && (
        <section aria-label={T.resultTitle}>
          <h3>{T.resultTitle}</h3>
          <p role="status">
            {result.msg}，{T.againHint}
          </p>
          <RowErrors errors={result.errors} url={result.errors_url} />
          <Skipped rows={result.skipped} />
        </section>
      )}
      {preview && (
        <>
          <p role="status">
            {T.summary(preview.total, preview.valid, preview.existing.length, failedRows(preview.errors))}
          </p>
          <RowErrors errors={preview.errors} url={preview.errors_url} />
          <Skipped rows={preview.existing} />
          <PreviewTable preview={preview} />
          <Button
            color="primary"
            disabled={preview.valid === 0 || commit.isPending}
            loading={commit.isPending}
            loadingText={T.importing}
            onClick={confirm}
          >
            {T.confirm(preview.valid)}
          </Button>
        </>
      )}
    </div>
  );
}

const failedRows = (errors: readonly ImportError[]) => new Set(errors.map((error) => error.row)).size;

/** The rows not imported, by row number and column, with the download of those rows to fix. */
function RowErrors({ errors, url }: { errors: readonly ImportError[]; url: string | null }) {
  if (errors.length === 0) return null;
  return (
    <section aria-label={T.errorsTitle}>
      <h3 className="admin-io-error">{T.errorsTitle}</h3>
      {url && (
        <p className="admin-io-row">
          <a className="link-button" href={url} download>
            {T.downloadErrors}
          </a>
          <span className="admin-io-hint">{T.downloadHint}</span>
        </p>
      )}
      <div className="admin-io-table-wrap">
        <table className="admin-io-table">
          <thead>
            <tr>
              <th>{T.rowNumber}</th>
              <th>{T.column}</th>
              <th>{T.message}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.row}-${error.column}-${error.message}`}>
                <td>{error.row}</td>
                <td>{error.column}</td>
                <td className="admin-io-error">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The rows already there by their natural key: left as they are. */
function Skipped({ rows }: { rows: readonly ImportSkip[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={T.existingTitle}>
      <h3>{T.existingTitle}</h3>
      <div className="admin-io-table-wrap">
        <table className="admin-io-table">
          <thead>
            <tr>
              <th>{T.rowNumber}</th>
              <th>{T.reason}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((skip) => (
              <tr key={skip.row}>
                <td>{skip.row}</td>
                <td>{skip.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <section aria-label={T.previewTitle(preview.rows.length)}>
      <h3>{T.previewTitle(preview.rows.length)}</h3>
      <div className="admin-io-table-wrap">
        <table className="admin-io-table">
          <thead>
            <tr>
              <th>{T.rowNumber}</th>
              {preview.columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                {row.cells.map((cell, i) => (
                  <td key={preview.columns[i] ?? i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { formatDateTimeSeconds } from '@crm/domain/datetime';
import { ESIGN_VERIFY_MAX_BYTES, type EsignPublicVerify } from '@crm/domain/api/esign';
import { List, NoticeBar, Result, Skeleton } from 'antd-mobile';
import { useState, type DragEvent, type ReactNode } from 'react';
import { publicVerify } from '../api/esign.ts';
import { esignTexts as T } from '../texts.ts';
import '../esign.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : T.loadFailed);
const time = (iso: string | null) => (iso ? `${formatDateTimeSeconds(iso)}（北京时间）` : '—');

type Certificate = NonNullable<EsignPublicVerify['seal']['certificate']>;
function certificateState(certificate: Certificate): string {
  if (certificate.revocation === 'revoked') return T.verifyCertificateStates.revoked;
  if (certificate.valid_at_timestamp === false) return T.verifyCertificateStates.outside;
  if (certificate.revocation === 'unknown') return T.verifyCertificateStates.unknown;
  return T.verifyCertificateStates.valid;
}

/** The answer: the verdict first, then what the file and (for a contract sealed here) its order say. */
function Verdict({ result }: { result: EsignPublicVerify }) {
  const { seal } = result;
  const rows: Array<[string, ReactNode]> = [];
  if (result.registered) {
    rows.push(
      [T.verifyCompany, result.company_name],
      [T.verifyTitle, result.title],
      [T.verifySigner, result.signer_name],
      [T.verifySignedAt, time(result.signed_at)],
      [T.verifyEvidence, result.evidence_intact ? T.verifyEvidenceOk : T.verifyEvidenceBroken],
    );
  }
  if (seal.sealed) {
    rows.push(
      [T.verifySealedBy, seal.signer ?? '—'],
      [
        T.verifyTimestamp,
        (seal.timestamp ?? seal.document_timestamp)
          ? time(seal.timestamp ?? seal.document_timestamp)
          : T.verifyNoTimestamp,
      ],
    );
    if (seal.tsa) rows.push([T.verifyTsa, seal.tsa]);
    if (seal.level) rows.push([T.verifyLevel, `PAdES ${seal.level}`]);
    if (seal.certificate)
      rows.push([
        T.verifyCertificate,
        `${certificateState(seal.certificate)}${seal.certificate.expired_now && seal.certificate.valid_at_timestamp ? T.verifyExpiredNow : ''}`,
      ]);
  }
  const status = result.verdict === 'valid' ? 'success' : result.verdict === 'altered' ? 'error' : 'warning';
  return (
    <>
      <Result
        status={status}
        title={T.verdicts[result.verdict]}
        description={result.verdict === 'unregistered' && result.our_seal ? T.verdictUnregisteredOurs : undefined}
      />
      <List>
        {rows.map(([label, value]) => (
          <List.Item key={label} extra={value}>
            {label}
          </List.Item>
        ))}
        <List.Item description={<span className="esign-hash">{result.sha256}</span>}>{T.verifyHash}</List.Item>
      </List>
    </>
  );
}

/**
 * /interface/esign/verify (issue 48): anyone, without logging in, picks or drops a PDF (a contract or its
 * signing certificate) and sees whether it was sealed here and is unchanged, by whom (masked) and when, its
 * timestamp and TSA, and its certificate's state at the timestamp. The server reads only the file itself.
 */
export function EsignVerifyPage() {
  const [result, setResult] = useState<EsignPublicVerify | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(null);
    if (file.size > ESIGN_VERIFY_MAX_BYTES) {
      setError(T.verifyTooLarge);
      return;
    }
    setBusy(true);
    try {
      setResult(await publicVerify(file));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <div className="page">
      <NoticeBar wrap color="info" content={T.verifyPageIntro} />
      <label
        className={`esign-drop${dragging ? ' esign-drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {result || error ? T.verifyAnother : T.verifyDrop}
        <input
          type="file"
          accept="application/pdf,.pdf"
          aria-label={T.verifyDrop}
          onChange={(event) => {
            void check(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {busy ? (
        <div role="status" aria-busy="true" aria-label={T.verifyChecking}>
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : null}
      {error ? <NoticeBar wrap color="error" content={error} /> : null}
      {result ? <Verdict result={result} /> : null}
    </div>
  );
}

import { formatDateTimeSeconds } from '@crm/domain/datetime';
import { ESIGN_STATUS_LABELS } from '@crm/domain/api/esign';
import type { EsignVerify } from '@crm/domain/api/esign';
import { Button, Form, Input, List, NoticeBar, Result, Tag } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CameraButton } from '../../../components/camera-button.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  downloadOrderFile,
  recognizeBankCard,
  useEsignAdd,
  useEsignCancel,
  useEsignOpen,
  useEsignResend,
  useEsignEvidence,
  useEsignList,
  useEsignOrder,
  verifyPdf,
} from '../api/esign.ts';
import { esignTexts as T } from '../texts.ts';
import '../esign.css';

const localTime = (iso: string) => formatDateTimeSeconds(iso);
const statusColor = { sent: 'warning', signed: 'success', cancelled: 'default', expired: 'default' } as const;
const errorText = (error: unknown) => (error instanceof Error ? error.message : T.loadFailed);

/** /interface/esign/list: my (and, for a leader, my team's) signing orders, newest first. */
export function EsignListPage() {
  const list = useEsignList();
  return (
    <div className="page">
      <h1 className="page__title">{T.listTitle}</h1>
      <PullRefresh onRefresh={list.refresh} texts={T}>
        <PagedList
          list={list}
          emptyText={T.empty}
          renderItem={(row) => (
            <Link to={`/interface/esign/detail/${row.id}`} className="esign-row">
              <span>
                {row.signer_name} · {row.title}
              </span>
              <Tag color={statusColor[row.status]}>{row.status_label}</Tag>
              {/* What waits, and how long it still may (issue 48): the link stops when the days run out. */}
              {row.days_left !== null ? (
                <Tag color={row.days_left <= 1 ? 'danger' : 'primary'} fill="outline">
                  {T.daysLeft(row.days_left)}
                </Tag>
              ) : null}
              <small>
                {T.createdAt} {localTime(row.created_at)}
              </small>
            </Link>
          )}
        />
      </PullRefresh>
    </div>
  );
}

/** A fresh signing link with its copy button. */
function LinkBox({ link }: { link: string }) {
  const absolute = new URL(link, window.location.origin).toString();
  return (
    <List header={T.linkReady}>
      <List.Item description={absolute}>
        <Button
          size="small"
          onClick={() => void navigator.clipboard?.writeText(absolute).then(() => showToast({ content: T.copied }))}
        >
          {T.copyLink}
        </Button>
      </List.Item>
    </List>
  );
}

/** /interface/esign/add/:user_id: generate a case's documents and its signing link. */
export function EsignAddPage() {
  const userId = Number(useParams().user_id ?? 0);
  const add = useEsignAdd();
  return (
    <div className="page">
      <h1 className="page__title">{T.addTitle}</h1>
      <NoticeBar wrap color="info" content={T.addIntro} />
      {add.data?.id ? (
        <>
          {/* No link: the case already had an open order, whose link only a resend renews. */}
          {add.data.link ? <LinkBox link={add.data.link} /> : <NoticeBar wrap color="alert" content={add.data.msg} />}
          <Link className="link-button" to={`/interface/esign/detail/${add.data.id}`}>
            {T.toDetail}
          </Link>
        </>
      ) : (
        <Button block color="primary" loading={add.isPending} onClick={() => add.mutate({ user_id: userId })}>
          {T.addButton}
        </Button>
      )}
      {add.isError ? <NoticeBar wrap color="error" content={errorText(add.error)} /> : null}
    </div>
  );
}

function VerifyBox() {
  const [result, setResult] = useState<EsignVerify | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    try {
      setResult(await verifyPdf(btoa(binary)));
    } catch (failure) {
      setResult(null);
      setError(errorText(failure));
    }
  };
  return (
    <List header={T.verify}>
      <List.Item>
        <label>
          {T.verifyPick}
          <input type="file" accept="application/pdf" onChange={(event) => void onFile(event.target.files?.[0])} />
        </label>
      </List.Item>
      {result ? (
        <>
          <List.Item>{result.matches_order ? T.verifyMatch(result.order_id ?? 0) : T.verifyNoMatch}</List.Item>
          <List.Item>{result.seal.sealed ? (result.seal.intact ? T.sealOk : T.sealBad) : T.sealNone}</List.Item>
          {result.chain ? (
            <List.Item>
              {result.chain.intact ? T.chainOk(result.chain.count) : T.chainBroken(result.chain.broken_at)}
            </List.Item>
          ) : null}
        </>
      ) : null}
      {error ? <List.Item>{error}</List.Item> : null}
    </List>
  );
}

/** /interface/esign/detail/:id: one order, its hashes, and what staff may do with it. */
export function EsignDetailPage() {
  const id = Number(useParams().id ?? 0);
  const order = useEsignOrder(id);
  const resend = useEsignResend();
  const cancel = useEsignCancel();
  if (!order.isSuccess) return <QueryFallback query={order} errorTitle={T.loadFailed} />;
  const o = order.data;
  const download = (file: 'original' | 'sealed' | 'certificate') =>
    void downloadOrderFile(id, file).catch((error: unknown) => showToast({ content: errorText(error) }));
  const rows: Array<[string, ReactNode]> = [
    [T.signer, o.signer_name],
    [T.phone, o.signer_phone],
    [T.idNumber, o.signer_id_number],
    [T.createdAt, localTime(o.created_at)],
    [T.signedAt, o.signed_at ? localTime(o.signed_at) : '—'],
    [T.bankCard, o.bank_card ? `${o.bank_name ?? ''} ${o.bank_card}` : '—'],
  ];
  return (
    <div className="page">
      <List
        header={
          <span>
            {o.title} <Tag color={statusColor[o.status]}>{ESIGN_STATUS_LABELS[o.status]}</Tag>
          </span>
        }
      >
        {rows.map(([label, value]) => (
          <List.Item key={label} extra={value}>
            {label}
          </List.Item>
        ))}
        <List.Item description={o.original_sha256}>{T.originalHash}</List.Item>
        {o.sealed_sha256 ? <List.Item description={o.sealed_sha256}>{T.sealedHash}</List.Item> : null}
      </List>
      {resend.data?.link ? <LinkBox link={resend.data.link} /> : null}
      <div className="esign-actions">
        {o.can_resend ? (
          <Button size="small" loading={resend.isPending} onClick={() => resend.mutate({ id })}>
            {T.resend}
          </Button>
        ) : null}
        {o.can_cancel ? (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={cancel.isPending}
            onClick={() =>
              void askToConfirm(T.cancelConfirm, T).then((yes) => {
                if (yes) cancel.mutate({ id });
              })
            }
          >
            {T.cancelOrder}
          </Button>
        ) : null}
        {o.status === 'sent' ? (
          <Link className="link-button link-button--ghost" to={`/interface/esign/open/${id}`}>
            {T.openCard}
          </Link>
        ) : null}
        <Link className="link-button link-button--ghost" to={`/interface/esign/evidence/${id}`}>
          {T.evidence}
        </Link>
        <Button size="small" onClick={() => download('original')}>
          {T.downloadOriginal}
        </Button>
        {o.status === 'signed' ? (
          <>
            <Button size="small" color="primary" onClick={() => download('sealed')}>
              {T.downloadSealed}
            </Button>
            <Button size="small" onClick={() => download('certificate')}>
              {T.downloadCertificate}
            </Button>
            {/* The public page the client and a court use too (issue 48). */}
            <Link className="link-button link-button--ghost" to="/interface/esign/verify">
              {T.verifyLink}
            </Link>
          </>
        ) : null}
      </div>
      {resend.isError || cancel.isError ? (
        <NoticeBar wrap color="error" content={errorText(resend.error ?? cancel.error)} />
      ) : null}
      <VerifyBox />
    </div>
  );
}

/** /interface/esign/evidence/:id: the hash-chained events, and whether the chain is intact. */
export function EsignEvidencePage() {
  const id = Number(useParams().id ?? 0);
  const evidence = useEsignEvidence(id);
  if (!evidence.isSuccess) return <QueryFallback query={evidence} errorTitle={T.loadFailed} />;
  const e = evidence.data;
  return (
    <div className="page">
      <NoticeBar
        wrap
        color={e.chain.intact ? 'info' : 'error'}
        content={e.chain.intact ? T.chainOk(e.chain.count) : T.chainBroken(e.chain.broken_at)}
      />
      <List header={T.evidenceTitle}>
        {e.events.map((event) => (
          <List.Item
            key={event.seq}
            description={`${event.at} · ${T.actor} ${event.actor} · ${event.ip} · ${event.hash.slice(0, 16)}…`}
          >
            #{event.seq} {event.label}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** /interface/esign/open/:id: the bank card the client authorises (16-19 digits). */
export function EsignOpenPage() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const open = useEsignOpen();
  const [form] = Form.useForm<{ bank_card: string; bank_name: string }>();
  // 拍照识别: the OCR's reading replaces the field (still editable); a refusal is toasted and the typed value kept.
  const scan = async (file: File) => {
    try {
      const number = await recognizeBankCard(file);
      if (number) {
        form.setFieldValue('bank_card', number);
        showToast({ content: T.scanDone });
      } else showToast({ content: T.scanEmpty });
    } catch (failure) {
      showToast({ content: errorText(failure) });
    }
  };
  return (
    <div className="page">
      <h1 className="page__title">{T.openTitle}</h1>
      <Form
        form={form}
        onFinish={(values: { bank_card: string; bank_name: string }) =>
          open.mutate(
            { id, bank_card: values.bank_card, bank_name: values.bank_name },
            {
              onSuccess: ({ msg }) => {
                showToast({ content: msg });
                void navigate(`/interface/esign/detail/${id}`);
              },
            },
          )
        }
        footer={
          <Button block type="submit" color="primary" loading={open.isPending}>
            {T.save}
          </Button>
        }
      >
        <Form.Item name="bank_card" label={T.bankCardLabel} rules={[{ required: true, pattern: /^[\d\s]{16,23}$/ }]}>
          <Input id="esign-bank-card" inputMode="numeric" placeholder={T.bankCardPlaceholder} />
        </Form.Item>
        <Form.Item>
          <CameraButton size="small" loadingText={T.scanning} inputLabel={T.scanCard} onFile={scan}>
            {T.scanCard}
          </CameraButton>
        </Form.Item>
        <Form.Item name="bank_name" label={T.bankNameLabel} rules={[{ required: true }]}>
          <Input id="esign-bank-name" />
        </Form.Item>
      </Form>
      {open.isError ? <NoticeBar wrap color="error" content={errorText(open.error)} /> : null}
    </div>
  );
}

/** /interface/esign/success: where a finished signature lands. */
export function EsignSuccessPage() {
  return <Result status="success" title={T.successTitle} description={T.signedText} />;
}

import { formatDateTime } from '@crm/domain/datetime';
import type { ConsentStatus } from '@crm/domain/api/consent';
import { Button, Image, List, NoticeBar, Popup, Skeleton, Space, Tag, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useConsentRequest, useConsentStatus, useConsentUpload, useConsentWithdraw } from '../api/consent.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.consent;
const failed = (error: unknown) =>
  showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });

const TAG_COLOR: Record<ConsentStatus['state'], string> = {
  none: 'danger',
  requested: 'warning',
  given: 'success',
  withdrawn: 'danger',
};

/** 已授权 / 未授权 …: the case page's header shows it beside the status. */
export function ConsentTag({ state }: { state: ConsentStatus['state'] }) {
  return (
    <Tag color={TAG_COLOR[state]} fill="outline" className="consent-tag">
      {T.tag[state]}
    </Tag>
  );
}

/**
 * The case's consent to the processing of personal financial information (decision 073): whether it is in
 * hand, how it was given (the link's confirmation or the paper form's photo), and for the owner or leader 发送授权短信,
 * 上传纸质授权书 and 撤回.
 */
export function ConsentPanel({ caseId }: { caseId: number }) {
  const status = useConsentStatus(caseId);
  const request = useConsentRequest();
  const upload = useConsentUpload();
  const withdraw = useConsentWithdraw();
  const [link, setLink] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');
  const file = useRef<HTMLInputElement>(null);

  if (status.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  if (status.isError) return <NoticeBar color="error" wrap content={`${T.loadFailed}：${status.error.message}`} />;
  const c = status.data;

  const sendLink = async () => {
    try {
      const answer = await request.mutateAsync(caseId);
      setLink(answer.link);
      showToast({ content: answer.msg, icon: 'success' });
    } catch (error) {
      failed(error);
    }
  };
  const sendPhoto = async (chosen: File | undefined) => {
    if (!chosen) return;
    try {
      showToast({ content: await upload.mutateAsync({ caseId, file: chosen }), icon: 'success' });
      setLink(null);
    } catch (error) {
      failed(error);
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  const confirmWithdraw = async () => {
    try {
      showToast({ content: await withdraw.mutateAsync({ caseId, reason }), icon: 'success' });
      setWithdrawing(false);
      setReason('');
    } catch (error) {
      failed(error);
    }
  };

  const lines: string[] = [];
  if (c.state === 'none') lines.push(T.none);
  if (c.state === 'requested' && c.link_expires_at) lines.push(T.requested(formatDateTime(c.link_expires_at)));
  if (c.given) {
    lines.push(T.given(c.given.method_label, formatDateTime(c.given.given_at), c.given.recorded_by_name));
    lines.push(T.version(c.given.text_version));
    if (c.given.ip) lines.push(T.evidence(c.given.ip));
  }
  if (c.withdrawal)
    lines.push(
      T.withdrawn(formatDateTime(c.withdrawal.withdrawn_at), c.withdrawal.withdrawn_by_name, c.withdrawal.reason),
    );

  return (
    <section className="consent-panel" aria-label={T.title}>
      <List
        header={
          <span className="case-row__top">
            <span>{T.title}</span>
            <ConsentTag state={c.state} />
          </span>
        }
      >
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
        {c.given?.photo ? (
          <List.Item extra={<Image src={c.given.photo.thumb_url} width={64} height={64} fit="cover" alt={T.photo} />}>
            <a className="consent-panel__photo" href={c.given.photo.url} target="_blank" rel="noreferrer">
              {T.photo}
            </a>
          </List.Item>
        ) : null}
      </List>
      {link ? (
        <NoticeBar
          color="info"
          wrap
          content={
            <span>
              {T.link}
              <span className="consent-link">{link}</span>
            </span>
          }
          extra={
            <Button
              size="mini"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link)
                  .then(() => showToast({ content: T.copied, icon: 'success' }))
                  .catch(() => undefined)
              }
            >
              {T.copy}
            </Button>
          }
        />
      ) : null}
      {c.can_manage ? (
        <div className="form-actions">
          <Space wrap>
            {c.state !== 'given' ? (
              <>
                <Button color="primary" size="small" loading={request.isPending} onClick={() => void sendLink()}>
                  {c.state === 'requested' ? T.resend : T.send}
                </Button>
                <Button
                  color="primary"
                  fill="outline"
                  size="small"
                  loading={upload.isPending}
                  onClick={() => file.current?.click()}
                >
                  {T.upload}
                </Button>
                <input
                  ref={file}
                  className="consent-file"
                  type="file"
                  accept="image/*"
                  hidden
                  aria-label={T.upload}
                  onChange={(event) => void sendPhoto(event.target.files?.[0])}
                />
              </>
            ) : (
              <Button color="danger" fill="outline" size="small" onClick={() => setWithdrawing(true)}>
                {T.withdraw}
              </Button>
            )}
          </Space>
        </div>
      ) : null}
      <Popup visible={withdrawing} onMaskClick={() => setWithdrawing(false)} bodyStyle={{ padding: 16 }}>
        <h2 className="section-title">{T.withdrawTitle}</h2>
        <p>{T.withdrawHint}</p>
        <TextArea
          aria-label={T.reasonPlaceholder}
          placeholder={T.reasonPlaceholder}
          maxLength={200}
          autoSize
          value={reason}
          onChange={setReason}
        />
        <Space>
          <Button color="danger" loading={withdraw.isPending} onClick={() => void confirmWithdraw()}>
            {T.confirmWithdraw}
          </Button>
          <Button onClick={() => setWithdrawing(false)}>{T.cancel}</Button>
        </Space>
      </Popup>
    </section>
  );
}

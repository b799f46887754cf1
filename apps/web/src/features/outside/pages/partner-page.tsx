import { Button, List } from 'antd-mobile';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useInviteQr } from '../api/partners.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/partner: inviting sub-partners with the QR code, the link (copy) and the invite code. */
export function OutsidePartnerPage() {
  const qr = useInviteQr();
  if (qr.isPending) return <PageLoading />;
  if (qr.isError) return <LoadError message={qr.error.message} onRetry={() => void qr.refetch()} />;
  const { png, link, invite_code } = qr.data;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => showToast({ content: T.copied, icon: 'success' }),
      () => showToast({ content: T.copyFailed }),
    );
  return (
    <div className="page outside-invite">
      <p className="outside-invite__hint">{T.inviteHint}</p>
      <img className="outside-invite__qr" src={png} alt={T.qrAlt} width={220} height={220} />
      <List mode="card">
        <List.Item extra={<strong>{invite_code}</strong>}>{T.inviteCode}</List.Item>
        <List.Item
          description={<span className="outside-invite__link">{link}</span>}
          extra={
            <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>
              {T.copy}
            </Button>
          }
        >
          {T.inviteLink}
        </List.Item>
      </List>
    </div>
  );
}

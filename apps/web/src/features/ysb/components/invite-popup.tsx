import { Button, List, Skeleton } from 'antd-mobile';
import { Sheet } from '../../../components/sheet.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useInviteQr } from '../api/ysb.ts';
import { ysbTexts as T } from '../texts.ts';

/** The 邀请合作伙伴 sheet: my invite's QR code, link (copy) and code. */
export function InvitePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const qr = useInviteQr(visible);
  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => showToast({ content: T.copied, icon: 'success' }),
      () => showToast({ content: T.copyFailed }),
    );
  return (
    <Sheet open={visible} onClose={onClose} bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
      <div className="page" style={{ textAlign: 'center' }}>
        <p className="section-title">{T.inviteHint}</p>
        {qr.isPending ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : qr.isError ? (
          <LoadError message={qr.error.message} onRetry={() => void qr.refetch()} />
        ) : (
          <>
            <img
              src={qr.data.png}
              alt={T.qrAlt}
              width={220}
              height={220}
              style={{ display: 'block', margin: '0 auto' }}
            />
            <List mode="card">
              <List.Item extra={<strong>{qr.data.invite_code}</strong>}>{T.inviteCode}</List.Item>
              <List.Item
                description={<span style={{ wordBreak: 'break-all' }}>{qr.data.link}</span>}
                extra={
                  <Button size="small" color="primary" fill="outline" onClick={() => void copy(qr.data.link)}>
                    {T.copy}
                  </Button>
                }
              >
                {T.inviteLink}
              </List.Item>
            </List>
          </>
        )}
        <Button block onClick={onClose}>
          {T.close}
        </Button>
      </div>
    </Sheet>
  );
}

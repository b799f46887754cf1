import { List } from 'antd-mobile';
import { LinkQr } from '../../../components/link-qr.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useInviteQr } from '../api/partners.ts';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/partner: inviting sub-partners with the QR code, the link (copy) and the invite code. */
export function OutsidePartnerPage() {
  const qr = useInviteQr();
  if (!qr.isSuccess) return <QueryFallback query={qr} />;
  const { png, link, invite_code } = qr.data;
  return (
    <div className="page outside-invite">
      <p className="outside-invite__hint">{T.inviteHint}</p>
      <LinkQr png={png} link={link} alt={T.qrAlt} label={T.inviteLink}>
        <List.Item extra={<strong>{invite_code}</strong>}>{T.inviteCode}</List.Item>
      </LinkQr>
    </div>
  );
}

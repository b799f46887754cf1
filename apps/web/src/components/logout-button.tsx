import { Button } from 'antd-mobile';
import { askToConfirm, type ConfirmTexts } from '../lib/confirm.ts';

export type LogoutButtonProps = {
  texts: ConfirmTexts & { logout: string; logoutConfirm: string };
  loading: boolean;
  /** The portal's own way out (its logout call and login page), once the person has confirmed. */
  onLeave: () => Promise<void>;
};

/** 退出登录 at the foot of a portal's account page: a tap asks first, since leaving means logging in again. */
export function LogoutButton({ texts, loading, onLeave }: LogoutButtonProps) {
  const leave = async () => {
    if (await askToConfirm(texts.logoutConfirm, texts)) await onLeave();
  };
  return (
    <div className="form-actions">
      <Button block color="danger" fill="outline" loading={loading} onClick={() => void leave()}>
        {texts.logout}
      </Button>
    </div>
  );
}

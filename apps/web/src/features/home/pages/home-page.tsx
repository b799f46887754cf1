import { homeCards } from '@crm/domain/roles';
import { Button, NoticeBar, Result } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { isElderMode, setElderMode } from '../../../lib/display-mode.ts';
import { getLocale, pickTexts } from '../../../lib/locale.ts';
import { getStoredUser, clearStoredUser } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUserinfo } from '../api/get-userinfo.ts';
import { useLogout } from '../api/logout.ts';
import { HomeCard } from '../components/home-card.tsx';
import { TodoInbox } from '../components/todo-inbox.tsx';
import { elderTexts, enUS, homeTexts, type HomeTexts } from '../texts.ts';
import './home-page.css';

/** Spec §9: after logging out, wait 0.5 s before going back to /. */
const REDIRECT_AFTER_LOGOUT_MS = 500;

const NOTICE_COLORS = { info: 'info', warning: 'alert', error: 'error' } as const;

function userIdFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = Number((state as { userid?: unknown }).userid);
  return Number.isFinite(value) ? value : null;
}

/**
 * 长辈版's switch (issue 49, decision 075): a native switch, the whole row its target. The page grows at once; the
 * phone remembers it (lib/display-mode.ts).
 */
function ElderSwitch({
  isOn,
  onChange,
  texts,
}: {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  texts: HomeTexts;
}) {
  return (
    <button type="button" role="switch" aria-checked={isOn} className="elder-switch" onClick={() => onChange(!isOn)}>
      <span className="elder-switch__text">
        <span className="elder-switch__label">{texts.elderMode}</span>
        <span className="elder-switch__hint">{texts.elderModeHint}</span>
      </span>
      <span className="elder-switch__track" aria-hidden="true" />
    </button>
  );
}

export function HomePage() {
  const [isElder, setElder] = useState(isElderMode);
  const base = pickTexts(homeTexts, enUS);
  const texts = isElder && getLocale() === 'zh-CN' ? { ...base, ...elderTexts } : base;
  const changeElder = (isOn: boolean) => {
    setElderMode(isOn);
    setElder(isOn);
  };
  const location = useLocation();
  const navigate = useNavigate();
  const storedUser = getStoredUser();
  const userId = userIdFromState(location.state) ?? storedUser?.id ?? 0;
  // A cold start draws the cached user's cards at once; the server's answer adds counts and notices.
  const cachedUser = storedUser?.id === userId ? storedUser : null;

  const userinfo = useUserinfo(userId);
  const logout = useLogout();
  const queryClient = useQueryClient();
  const info = userinfo.data;

  const handleLogout = async () => {
    // The dialog and its animation library load on the tap, not with the home page (its first paint).
    const { askToConfirm } = await import('../../../lib/confirm.ts');
    const confirmed = await askToConfirm(texts.logoutConfirm, texts);
    if (!confirmed) return;
    try {
      await logout.mutateAsync();
    } catch (error) {
      // The local record goes whatever the server said: the person asked to leave.
      if (error instanceof Error) showToast({ content: error.message });
    }
    clearStoredUser();
    // The writes kept offline and the service worker's copies were this person's (decision 082).
    await import('../../../lib/outbox.ts').then(({ forgetOfflineData }) => forgetOfflineData()).catch(() => undefined);
    window.setTimeout(() => {
      void navigate('/', { replace: true });
      queryClient.clear();
    }, REDIRECT_AFTER_LOGOUT_MS);
  };

  if (userId <= 0) {
    return (
      <div className="home">
        <NoticeBar color="alert" content={texts.openInWecom} wrap />
        <Result status="warning" title={texts.tipTitle} description={texts.tipDescription} />
        <div className="home__actions">
          <Link className="link-button" to="/login" replace>
            {texts.goLogin}
          </Link>
        </div>
      </div>
    );
  }

  const cards = info
    ? homeCards({
        id: info.user.id,
        job: info.user.job,
        isLeader: info.user.leader,
        isRejectApprover: info.user.reject_approver,
        signerList: info.signer_list,
      })
    : cachedUser
      ? homeCards({
          id: cachedUser.id,
          job: cachedUser.job,
          isLeader: cachedUser.leader,
          isRejectApprover: false,
          signerList: [],
        })
      : [];

  return (
    <PullRefresh onRefresh={() => userinfo.refetch()} texts={texts}>
      <div className="home">
        {userinfo.isPending && !cachedUser ? (
          <div role="status">
            <NoticeBar color="alert" content={texts.loggingIn} wrap />
          </div>
        ) : null}
        {userinfo.isError ? (
          <LoadError message={userinfo.error.message} onRetry={() => void userinfo.refetch()} />
        ) : null}
        <ElderSwitch isOn={isElder} onChange={changeElder} texts={texts} />

        {info ? (
          <>
            <div className="home__user">
              <span className="home__user-name">{info.user.name}</span>
              <span className="home__user-corp">{info.user.corp_name}</span>
              <Link className="home__messages" to="/business/messages">
                {texts.messages}
              </Link>
              {info.user.admin ? (
                <Link className="home__messages" to="/admin">
                  {texts.admin}
                </Link>
              ) : null}
            </div>
            {info.notice.map((notice, index) => (
              <NoticeBar
                key={`${notice.status}-${index}`}
                className="home__notice"
                color={NOTICE_COLORS[notice.status]}
                content={notice.text}
                wrap
              />
            ))}
            <TodoInbox cards={cards} counts={info.total} nearPool={info.near_pool} texts={texts} />
            {cards.map((card) => (
              <HomeCard key={card.key} card={card} counts={info.total} texts={texts} />
            ))}
          </>
        ) : cachedUser ? (
          <>
            {cachedUser.name ? (
              <div className="home__user">
                <span className="home__user-name">{cachedUser.name}</span>
              </div>
            ) : null}
            {cards.map((card) => (
              <HomeCard key={card.key} card={card} counts={undefined} texts={texts} />
            ))}
          </>
        ) : null}

        <div className="home__actions">
          {/* The loan calculator is standalone (spec §2), opened from the WeCom app menu; a salesperson with a
              customer also finds it here. */}
          <Button block color="primary" fill="outline" onClick={() => void navigate('/calculator')}>
            {texts.calculator}
          </Button>
          {/* The FAQ and its copilot (issue 14): every staff member, whatever the role's cards. */}
          <Button block color="primary" fill="outline" onClick={() => void navigate('/faq/index')}>
            {texts.faq}
          </Button>
          {/* The WeCom sidebar's wallet and points tool (issue 16): also reachable outside the chat sidebar. */}
          <Button block color="primary" fill="outline" onClick={() => void navigate('/chattergee/home')}>
            {texts.chattergee}
          </Button>
          <Button color="danger" fill="outline" block loading={logout.isPending} onClick={() => void handleLogout()}>
            {texts.logout}
          </Button>
        </div>
      </div>
    </PullRefresh>
  );
}

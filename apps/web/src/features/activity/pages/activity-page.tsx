import { formatDay } from '@crm/domain/datetime';
import type { StaffActivity } from '@crm/domain/api/activity';
import { Button, Card, Tag } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StateBlock } from '../../../components/state-block.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useActivityList, useRedeem } from '../api/activity.ts';
import { ShareQr } from '../components/share-qr.tsx';
import { activityTexts as T } from '../texts.ts';
import '../../../components/inline-field.css';
import '../activity.css';

const day = (iso: string) => formatDay(iso);

function RedeemForm() {
  const redeem = useRedeem();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const done = await redeem.mutateAsync(code);
      showToast({ content: T.redeemed(done.title, done.activity_title), icon: 'success' });
      setCode('');
    } catch (error) {
      // The typed code stays in the field: the person corrects it.
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };
  return (
    <Card title={T.redeemTitle}>
      <form className="inline-field" onSubmit={(event) => void submit(event)}>
        <label htmlFor="activity-redeem-code">{T.redeemLabel}</label>
        <input
          id="activity-redeem-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={T.redeemPlaceholder}
          autoCapitalize="characters"
          maxLength={20}
        />
        <Button type="submit" color="primary" loading={redeem.isPending} disabled={code.trim() === ''}>
          {T.redeem}
        </Button>
      </form>
    </Card>
  );
}

/**
 * Copies the link for a chat. WeCom's in-app browser lacks the async clipboard on a plain-http intranet address,
 * where the older copy command still works.
 */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

function ActivityCard({ activity }: { activity: StaffActivity }) {
  // The link is a long address with a signed ref: nobody reads it, so it is copied or scanned, never printed.
  const link = `${window.location.origin}${activity.share_path}`;
  const copy = async () => {
    const done = await copyText(link);
    showToast(done ? { content: T.copied, icon: 'success' } : { content: T.copyFailed, icon: 'fail' });
  };
  return (
    <Card
      title={activity.title}
      extra={<Tag color={activity.status === 'running' ? 'primary' : 'default'}>{T.statuses[activity.status]}</Tag>}
    >
      <p className="activity-card__meta">
        {T.types[activity.type]} · {day(activity.starts_at)} 至 {day(activity.ends_at)} · {T.entries(activity.entries)}
      </p>
      <p className="activity-card__meta">
        {T.shareLink}（{T.shareHint}）
      </p>
      <figure className="activity-card__qr">
        <ShareQr link={link} alt={T.qrAlt(activity.title)} />
        <figcaption className="activity-card__meta">{T.qrHint}</figcaption>
      </figure>
      <div className="activity-card__actions">
        <Button color="primary" fill="outline" onClick={() => void copy()}>
          {T.copy}
        </Button>
        {activity.type === 'car' || activity.type === 'signin' ? (
          <Link className="activity-card__entries" to={`/business/activityData/${activity.id}`}>
            {T.viewEntries}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * /business/activity (not in the spec; decision 056): the company's marketing activities with my share link,
 * the sign-up lists, and redeeming a coupon or prize code. From the home card's 营销活动 tile.
 */
export function ActivityPage() {
  const list = useActivityList();
  if (!list.isSuccess) return <QueryFallback query={list} errorTitle={T.loadFailed} />;
  return (
    <PullRefresh onRefresh={() => list.refetch()} texts={T}>
      <div className="page">
        <RedeemForm />
        {list.data.length === 0 ? (
          <StateBlock status="empty" title={T.empty} description={T.emptyHint} />
        ) : (
          list.data.map((activity) => <ActivityCard key={activity.id} activity={activity} />)
        )}
      </div>
    </PullRefresh>
  );
}

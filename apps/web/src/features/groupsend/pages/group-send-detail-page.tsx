import * as G from '@crm/domain/endpoints/groupsend';
import { MEMBER_STATUS, RECIPIENT_STATUS, type MemberStatus, type RecipientStatus } from '@crm/domain/api/groupsend';
import { formatDateTime } from '@crm/domain/datetime';
import { Button, Card, List, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { sendAnswer } from '../../../lib/send.ts';
import { showToast } from '../../../lib/toast.ts';
import { useGroupSend } from '../api/groupsend-api.ts';
import { groupSendTexts as T } from '../texts.ts';
import '../groupsend.css';

const memberStatus = (s: number) => MEMBER_STATUS[s as MemberStatus] ?? String(s);
const recipientStatus = (s: number) => RECIPIENT_STATUS[s as RecipientStatus] ?? String(s);
const tagColor = (good: boolean, bad: boolean) => (good ? 'success' : bad ? 'danger' : 'default');

/** /team/groupSend/{id}: who sent (each owner's WeCom task) and who received; 刷新结果 asks WeCom again. */
export function GroupSendDetailPage() {
  const id = Number(useParams().id);
  const detail = useGroupSend(id);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!detail.isSuccess) return <QueryFallback query={detail} errorTitle={T.loadFailed} lines={6} />;
  const send = detail.data;
  const refresh = async () => {
    setBusy(true);
    try {
      const { msg, data } = await sendAnswer(G.groupSendRefresh, { id });
      queryClient.setQueryData(endpointKey(G.groupSendDetail, { id }), data);
      void queryClient.invalidateQueries({ queryKey: endpointKey(G.groupSendList) });
      showToast({ content: msg, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page">
      <Card className="groupsend-card" title={T.by(send.created_by, formatDateTime(send.created_at))}>
        <p className="groupsend-text">{send.text}</p>
        {send.image_url ? (
          <div className="groupsend-image">
            <img src={send.image_url} alt={T.imageAlt} />
          </div>
        ) : null}
        {send.activity_title ? <p className="groupsend-hint">🔗 {send.activity_title}</p> : null}
        <p>{T.detailStats(send.members_sent, send.members, send.received, send.recipients)}</p>
        <p className="groupsend-hint">
          {T.fetchedAt(send.fetched_at ? formatDateTime(send.fetched_at) : null)} · {T.month(send.month)}
        </p>
        <Button color="primary" size="small" loading={busy} onClick={() => void refresh()}>
          {T.refresh}
        </Button>
      </Card>
      <List header={T.tasks}>
        {send.tasks.map((task) => (
          <List.Item
            key={task.staff_id}
            description={[T.customersOf(task.customers), task.sent_at ? formatDateTime(task.sent_at) : '', task.error]
              .filter(Boolean)
              .join(' · ')}
            extra={<Tag color={tagColor(task.status === 2, task.status === 9)}>{memberStatus(task.status)}</Tag>}
          >
            {task.name}
          </List.Item>
        ))}
      </List>
      <List header={T.customers}>
        {send.customers.map((c) => (
          <List.Item
            key={c.filing_id}
            description={T.owner(c.owner_name)}
            extra={<Tag color={tagColor(c.status === 1, c.status >= 2)}>{recipientStatus(c.status)}</Tag>}
          >
            {c.name}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

import type { MessageItem } from '@crm/domain/api/reminders';
import { Card } from 'antd-mobile';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page.tsx';
import { useMessageLog } from '../api/get-message-log.ts';
import { remindersTexts as T } from '../texts.ts';

/**
 * /business/messages (消息记录): the WeCom text cards sent to the caller (follow-ups due, the signing centre's
 * moves, proof rejections, appeal decisions, brokerage approvals), each opening the page its card links to.
 * In the demo these are what the offline WeCom recorded.
 */
export function MessagesPage() {
  const list = useMessageLog();
  return (
    <ListPage<MessageItem>
      list={list}
      emptyText={T.empty}
      renderItem={(item) => (
        <Card title={item.title} extra={T.sentAt(item.sent_at)}>
          <div>{item.description}</div>
          <Link className="link-button link-button--ghost" to={item.path}>
            {T.open}
          </Link>
        </Card>
      )}
    />
  );
}

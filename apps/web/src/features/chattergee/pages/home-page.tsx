import { Button, Card, ErrorBlock, List, NoticeBar, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useFiling, useIntegral } from '../api/chatter-api.ts';
import { setDemoContact } from '../lib/sidebar-sdk.ts';
import { useSidebar } from '../lib/use-sidebar.ts';
import { chatterTexts as T } from '../texts.ts';
import '../chattergee.css';

function ContactCard({ ext }: { ext: string }) {
  const navigate = useNavigate();
  const filing = useFiling(ext);
  const integral = useIntegral(ext);
  if (!filing.isSuccess) return <QueryFallback query={filing} errorTitle={T.loadFailed} lines={4} />;
  const { contact_name, filing: file } = filing.data;
  return (
    <PullRefresh onRefresh={() => Promise.all([filing.refetch(), integral.refetch()])} texts={T}>
      <Card title={T.currentContact(contact_name)} className="chatter-card">
        {integral.data ? <p className="chatter-card__line">{T.myPoints(integral.data.mine)}</p> : null}
        {!file ? (
          <>
            <p>{T.notFiled}</p>
            <Button color="primary" block onClick={() => void navigate(`/chattergee/add/${encodeURIComponent(ext)}`)}>
              {T.fileNow}
            </Button>
          </>
        ) : (
          <>
            <p className="chatter-card__line">
              {file.name}{' '}
              <Tag color={file.authed_at ? 'success' : 'default'}>{file.authed_at ? T.authed : T.notAuthed}</Tag>
            </p>
            {file.source ? <p className="chatter-card__line">{T.source(file.source)}</p> : null}
            <p className="chatter-card__line">{file.wallet ? T.walletBalance(file.wallet.balance) : T.noWallet}</p>
            <div className="chatter-actions">
              {!file.authed_at ? (
                <Button color="primary" onClick={() => void navigate(`/chattergee/auth/${file.id}`)}>
                  {T.authNow}
                </Button>
              ) : null}
              {file.authed_at && !file.wallet ? (
                <Button color="primary" onClick={() => void navigate(`/chattergee/purse/${file.id}`)}>
                  {T.openPurse}
                </Button>
              ) : null}
              {file.wallet ? (
                <Button color="primary" onClick={() => void navigate(`/chattergee/send/${encodeURIComponent(ext)}`)}>
                  {T.sendPoints}
                </Button>
              ) : null}
              <Button onClick={() => void navigate(`/chattergee/list/${file.id}`)}>{T.history}</Button>
            </div>
          </>
        )}
      </Card>
    </PullRefresh>
  );
}

/**
 * /chattergee/home: what WeCom's chat sidebar opens (decision 055). In a single chat it shows the current
 * external contact's file and the next step (file, authenticate, open the wallet, send points); elsewhere it
 * says so and offers the person's customers and tools. In demo mode outside WeCom a demo contact is picked.
 */
export function ChatterHomePage() {
  const sidebar = useSidebar();
  const queryClient = useQueryClient();
  if (!sidebar.isSuccess) return <QueryFallback query={sidebar} errorTitle={T.sdkFailed} lines={4} />;
  const { sdk, contact } = sidebar.data;
  const pick = (ext: string | null) => {
    setDemoContact(ext);
    void queryClient.invalidateQueries({ queryKey: ['chattergee', 'sidebar'] });
  };
  return (
    <div className="page">
      {contact ? (
        <>
          <ContactCard ext={contact} />
          {sdk.demo ? (
            <Button fill="none" size="small" onClick={() => pick(null)}>
              {T.demoLeave}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <ErrorBlock status="empty" title={T.notInChat} description={T.notInChatHint} />
          {sdk.demo ? (
            <List header={T.demoPick}>
              {sdk.demoContacts.map((c) => (
                <List.Item key={c.external_userid} onClick={() => pick(c.external_userid)}>
                  {c.name}
                </List.Item>
              ))}
            </List>
          ) : (
            <NoticeBar content={T.notInChat} color="alert" />
          )}
        </>
      )}
      <List>
        <List.Item>
          <Link to="/chattergee/user">{T.myCustomers}</Link>
        </List.Item>
        <List.Item>
          <Link to="/chattergee/scripts">{T.scripts}</Link>
        </List.Item>
        <List.Item>
          <Link to="/chattergee/tool">{T.toolTitle}</Link>
        </List.Item>
      </List>
    </div>
  );
}

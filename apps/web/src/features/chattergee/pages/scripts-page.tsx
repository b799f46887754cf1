import { SCRIPT_TOPIC_KEYS, SCRIPT_TOPICS, type Script, type ScriptTopic } from '@crm/domain/api/scripts';
import * as S from '@crm/domain/endpoints/scripts';
import { Button, Card, ErrorBlock, SearchBar, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { showToast } from '../../../lib/toast.ts';
import { countScriptUse, useScripts } from '../api/scripts-api.ts';
import { useSidebar } from '../lib/use-sidebar.ts';
import { chatterTexts as T } from '../texts.ts';
import '../chattergee.css';

/**
 * /chattergee/scripts: the company's approved scripts (话术库, decision 080) by topic, searchable; 发送到聊天 puts
 * one into the chat through the JS-SDK (in demo mode: the clipboard) and then counts the use.
 */
export function ChatterScriptsPage() {
  const [topic, setTopic] = useState<ScriptTopic | ''>('');
  const [words, setWords] = useState('');
  const scripts = useScripts(topic, words);
  return (
    <div className="page">
      <SearchBar placeholder={T.scriptsSearch} onChange={(v) => setWords(v.trim())} />
      <Tabs activeKey={topic || 'all'} onChange={(key) => setTopic(key === 'all' ? '' : (key as ScriptTopic))}>
        <Tabs.Tab key="all" title={T.scriptsAll} />
        {SCRIPT_TOPIC_KEYS.map((key) => (
          <Tabs.Tab key={key} title={SCRIPT_TOPICS[key]} />
        ))}
      </Tabs>
      {!scripts.isSuccess ? (
        <QueryFallback query={scripts} errorTitle={T.scriptsFailed} lines={4} />
      ) : scripts.data.list.length === 0 ? (
        <ErrorBlock status="empty" title={T.scriptsEmpty} description="" />
      ) : (
        scripts.data.list.map((script) => <ScriptCard key={script.id} script={script} />)
      )}
    </div>
  );
}

function ScriptCard({ script }: { script: Script }) {
  const sidebar = useSidebar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const put = async () => {
    if (!sidebar.data) return;
    setBusy(true);
    try {
      const where = await sidebar.data.sdk.sendText(script.content);
      // Counted only once it went into the chat (or the clipboard): a cancelled send is no use.
      await countScriptUse(script.id, sidebar.data.contact ?? '');
      void queryClient.invalidateQueries({ queryKey: endpointKey(S.scripts) });
      showToast({ content: where === 'chat' ? T.scriptSent : T.scriptCopied, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : T.scriptSendFailed, icon: 'fail' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      className="chatter-card"
      title={script.title}
      extra={<span className="chatter-card__line">{T.scriptUses(script.uses)}</span>}
    >
      <p className="chatter-script">{script.content}</p>
      <Button color="primary" size="small" loading={busy} disabled={!sidebar.isSuccess} onClick={() => void put()}>
        {T.scriptSend}
      </Button>
    </Card>
  );
}

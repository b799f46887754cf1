import type { WecomSyncResult } from '@crm/domain/api/adminio';
import { Button } from 'antd-mobile';
import { showToast } from '../../../../lib/toast.ts';
import { useWecomSync } from '../api/wecom-sync.ts';
import { adminIoTexts as T } from '../texts.ts';
import './admin-io.css';

type Person = WecomSyncResult['created'][number] & { changes?: string[]; reason?: string };

/** /admin/wecom-sync (企业微信同步): one button; the answer lists who was added, changed, disabled or left. */
export function WecomSyncPage() {
  const sync = useWecomSync();
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: () => showToast({ content: T.syncDone, icon: 'success' }),
      onError: (error) => showToast({ content: error.message, icon: 'fail' }),
    });
  const result = sync.data;
  return (
    <div className="admin-io">
      <h2>{T.syncTitle}</h2>
      <p className="admin-io-hint">{T.syncHint}</p>
      <Button color="primary" onClick={run} loading={sync.isPending} loadingText={T.syncing}>
        {T.sync}
      </Button>
      {result && (
        <div role="status">
          <Group title={T.created} people={result.created} />
          <Group title={T.updated} people={result.updated} />
          <Group title={T.disabled} people={result.disabled} />
          <Group title={T.skipped} people={result.skipped} />
          {result.teams_created.length > 0 && <p>{T.teamsCreated(result.teams_created)}</p>}
        </div>
      )}
    </div>
  );
}

function Group({ title, people }: { title: string; people: Person[] }) {
  return (
    <section aria-label={title}>
      <h3>
        {title} {people.length}
      </h3>
      {people.length === 0 ? (
        <p className="admin-io-hint">{T.nothing}</p>
      ) : (
        <ul>
          {people.map((person) => (
            <li key={person.userid}>
              {person.name}（{person.userid}）
              {person.changes && person.changes.length > 0 ? `：${person.changes.join('、')}` : ''}
              {person.reason ? `：${person.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

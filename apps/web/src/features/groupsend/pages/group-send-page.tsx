import * as G from '@crm/domain/endpoints/groupsend';
import type { GroupAudience, GroupSendRow } from '@crm/domain/api/groupsend';
import { formatDateTime } from '@crm/domain/datetime';
import { Button, Card, List, NoticeBar, Selector, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { sendAnswer } from '../../../lib/send.ts';
import { showToast } from '../../../lib/toast.ts';
import { useGroupPreview, useGroupSendOptions, useGroupSends } from '../api/groupsend-api.ts';
import { groupSendTexts as T } from '../texts.ts';
import '../groupsend.css';

/**
 * /team/groupSend: a leader (their team's customers) or an admin (the company's) picks customers, sees who is at
 * WeCom's four a month before creating, writes the message and creates the WeCom tasks (decision 080); below,
 * the sends made so far, each to its results.
 */
export function GroupSendPage() {
  const options = useGroupSendOptions();
  const sends = useGroupSends();
  if (!options.isSuccess) return <QueryFallback query={options} errorTitle={T.loadFailed} lines={6} />;
  return (
    <div className="page">
      <NewSend options={options.data} />
      <List header={T.history} />
      <PagedList list={sends} emptyText={T.historyEmpty} renderItem={(row) => <SendRow row={row} />} />
    </div>
  );
}

type Options = NonNullable<ReturnType<typeof useGroupSendOptions>['data']>;

function NewSend({ options }: { options: Options }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [audience, setAudience] = useState<GroupAudience>({ owner_ids: [], tags: [], sources: [] });
  const [text, setText] = useState('');
  const [activity, setActivity] = useState<number | null>(null);
  const [image, setImage] = useState('');
  const [uploading, setUploading] = useState(false);
  const [exclude, setExclude] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = useGroupPreview(audience);
  const over = preview.data?.over_limit ?? [];

  const create = async () => {
    setBusy(true);
    try {
      const { msg, data } = await sendAnswer(
        G.groupSendCreate,
        {
          ...audience,
          text,
          activity_id: activity,
          image_url: image,
          exclude_over_limit: exclude,
        },
        { json: true },
      );
      showToast({ content: msg, icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: endpointKey(G.groupSendList) });
      void queryClient.invalidateQueries({ queryKey: endpointKey(G.groupSendPreview) });
      void navigate(`/team/groupSend/${data.id}`);
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
      void preview.refetch();
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const { msg, data } = await sendAnswer(G.groupSendImage, { file });
      setImage(data.image_url);
      showToast({ content: msg, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card className="groupsend-card">
      <p className="groupsend-hint">{T.intro}</p>
      <Choice
        label={T.owners}
        options={options.owners.map((o) => ({
          label: o.bound ? o.name : `${o.name}${T.unbound}`,
          value: String(o.id),
        }))}
        value={audience.owner_ids.map(String)}
        onChange={(v) => setAudience({ ...audience, owner_ids: v.map(Number) })}
      />
      <Choice
        label={T.tags}
        options={options.tags.map((t) => ({ label: t, value: t }))}
        value={audience.tags}
        onChange={(tags) => setAudience({ ...audience, tags })}
      />
      <Choice
        label={T.sources}
        options={options.sources.map((s) => ({ label: s, value: s }))}
        value={audience.sources}
        onChange={(sources) => setAudience({ ...audience, sources })}
      />
      {preview.isSuccess ? (
        <div role="status" className="groupsend-preview">
          <p>{T.matched(preview.data.matched, preview.data.sendable)}</p>
          {over.length > 0 ? (
            <>
              <NoticeBar wrap color="alert" content={T.overLimit(over.length, preview.data.limit)} />
              <ul className="groupsend-over">
                {over.map((c) => (
                  <li key={c.filing_id}>{T.overLimitRow(c.name, c.owner_name, c.received)}</li>
                ))}
              </ul>
              <label className="groupsend-check">
                <input type="checkbox" checked={exclude} onChange={(e) => setExclude(e.target.checked)} />
                {T.exclude(over.length)}
              </label>
            </>
          ) : null}
          {preview.data.unbound > 0 ? <p className="groupsend-hint">{T.unboundCount(preview.data.unbound)}</p> : null}
        </div>
      ) : (
        <p role="status">{preview.isError ? `${T.previewFailed}：${preview.error.message}` : T.previewing}</p>
      )}
      <label className="groupsend-label" htmlFor="groupsend-text">
        {T.text}
      </label>
      <TextArea
        id="groupsend-text"
        value={text}
        onChange={setText}
        placeholder={T.textPlaceholder}
        rows={4}
        maxLength={1000}
        showCount
      />
      <Choice
        label={T.activity}
        multiple={false}
        options={[
          { label: T.noActivity, value: '' },
          ...options.activities.map((a) => ({ label: a.title, value: String(a.id) })),
        ]}
        value={[activity === null ? '' : String(activity)]}
        onChange={(v) => setActivity(v[0] ? Number(v[0]) : null)}
      />
      <label className="groupsend-label" htmlFor="groupsend-image">
        {T.image}
      </label>
      {image ? (
        <div className="groupsend-image">
          <img src={image} alt={T.imageAlt} />
          <Button size="small" onClick={() => setImage('')}>
            {T.imageRemove}
          </Button>
        </div>
      ) : (
        <input
          id="groupsend-image"
          type="file"
          accept="image/jpeg,image/png"
          disabled={uploading}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      )}
      {uploading ? <p role="status">{T.imageUploading}</p> : null}
      <Button block color="primary" loading={busy} disabled={uploading} onClick={() => void create()}>
        {T.create}
      </Button>
    </Card>
  );
}

function Choice({
  label,
  options,
  value,
  onChange,
  multiple = true,
}: {
  label: string;
  options: { label: string; value: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  multiple?: boolean;
}) {
  return (
    <fieldset className="groupsend-choice">
      <legend className="groupsend-label">{label}</legend>
      {options.length === 0 ? (
        <span className="groupsend-hint">{T.noChoices}</span>
      ) : (
        <Selector multiple={multiple} options={options} value={value} onChange={onChange} />
      )}
    </fieldset>
  );
}

function SendRow({ row }: { row: GroupSendRow }) {
  const navigate = useNavigate();
  return (
    <List.Item
      onClick={() => void navigate(`/team/groupSend/${row.id}`)}
      description={T.rowStats(row.members_sent, row.members, row.received, row.recipients)}
      extra={T.by(row.created_by, formatDateTime(row.created_at))}
    >
      {row.text}
    </List.Item>
  );
}

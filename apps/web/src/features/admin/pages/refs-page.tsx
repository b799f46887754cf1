import { adminRefAddSchema, type AdminRef, type RefKind } from '@crm/domain/api/admin';
import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useRefs, useWhoami } from '../api/admin.ts';
import { AdminShell, DataTable, Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { inputOf } from './teams-page.tsx';

const T = adminTexts.refs;
const A = adminTexts;
const TITLES: Record<RefKind, string> = {
  bank: A.nav.banks,
  channel: A.nav.channels,
  source: A.nav.sources,
  city: A.nav.cities,
};
const TOP_LABEL: Record<RefKind, string> = { bank: '银行', channel: '一级渠道', source: '来源', city: '省份' };

/**
 * One named reference list of the case form: banks (and a bank's branches), channels (two levels),
 * sources, cities (provinces and their cities; the platform admin's). Added, renamed, disabled.
 */
function RefsPage({ kind }: { kind: RefKind }) {
  const [parent, setParent] = useState<AdminRef | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const whoami = useWhoami();
  const list = useRefs(kind, parent?.id ?? null);
  const update = useAdminWrite('/api/admin/refs/update');
  const mayWrite = kind !== 'city' || whoami.data?.platform_admin === true;
  const hasChildren = kind !== 'source' && parent === null;
  const what = parent ? T.childLabel[kind]! : TOP_LABEL[kind];
  return (
    <AdminShell title={TITLES[kind]}>
      {parent ? (
        <p>
          <strong>{T.parentOf(parent.name)}</strong>{' '}
          <button type="button" className="admin-button admin-button--plain" onClick={() => setParent(null)}>
            {T.backToTop}
          </button>
        </p>
      ) : null}
      {mayWrite ? (
        <RefAddForm key={`${kind}-${parent?.id ?? 0}`} kind={kind} parentId={parent?.id ?? null} what={what} />
      ) : (
        <p className="admin-hint">{T.platformOnly}</p>
      )}
      <DataTable
        label={TITLES[kind]}
        rows={list.items}
        isPending={list.isPending}
        error={list.error}
        emptyText={T.empty}
        onRetry={list.refresh}
        headers={[kind === 'city' ? T.code : 'ID', A.name, A.companies.status, A.actions]}
        cells={(row) => (
          <>
            <td>{row.id}</td>
            <td>
              {editing?.id === row.id ? (
                <input
                  aria-label={A.name}
                  value={editing.name}
                  onChange={(e) => setEditing({ id: row.id, name: e.target.value })}
                />
              ) : (
                row.name
              )}
            </td>
            <td>{row.is_active ? A.active : A.inactive}</td>
            <td>
              {hasChildren ? (
                <button type="button" className="admin-button admin-button--plain" onClick={() => setParent(row)}>
                  {T.children}
                </button>
              ) : null}
              {mayWrite && editing?.id === row.id ? (
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => update.mutate({ kind, ...editing }, { onSuccess: () => setEditing(null) })}
                >
                  {A.save}
                </button>
              ) : mayWrite ? (
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => setEditing({ id: row.id, name: row.name })}
                >
                  {A.edit}
                </button>
              ) : null}
              {kind !== 'city' ? (
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => update.mutate({ kind, id: row.id, is_active: !row.is_active })}
                >
                  {row.is_active ? A.disable : A.enable}
                </button>
              ) : null}
            </td>
          </>
        )}
        hasMore={list.hasMore}
        loadMore={list.loadMore}
      />
    </AdminShell>
  );
}

function RefAddForm({ kind, parentId, what }: { kind: RefKind; parentId: number | null; what: string }) {
  const add = useAdminWrite('/api/admin/refs/add');
  const blank = { name: '', code: '' };
  const form = useSchemaForm<{ name: string; code: string }, unknown>({
    schema: adminRefAddSchema,
    initial: blank,
    toInput: (v) => ({
      kind,
      parent_id: parentId,
      name: v.name,
      ...(kind === 'city' ? { code: v.code.trim() === '' ? undefined : Number(v.code) } : {}),
    }),
    idPrefix: `admin-ref-${kind}`,
  });
  const title = T.addTitle(what);
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <PlainForm
        className="admin-form"
        onSubmit={() => {
          const data = form.validate();
          if (data) add.mutate(data as Record<string, unknown>, { onSuccess: () => form.reset(blank) });
        }}
      >
        <Field label={A.name} binding={form.field('name')}>
          <input {...inputOf(form.input('name'))} />
        </Field>
        {kind === 'city' ? (
          <Field label={T.code} binding={form.field('code')}>
            <input inputMode="numeric" {...inputOf(form.input('code'))} />
          </Field>
        ) : null}
        <button type="submit" className="admin-button" disabled={add.isPending}>
          {A.add}
        </button>
      </PlainForm>
    </section>
  );
}

export const AdminBanksPage = () => <RefsPage key="bank" kind="bank" />;
export const AdminChannelsPage = () => <RefsPage key="channel" kind="channel" />;
export const AdminSourcesPage = () => <RefsPage key="source" kind="source" />;
export const AdminCitiesPage = () => <RefsPage key="city" kind="city" />;

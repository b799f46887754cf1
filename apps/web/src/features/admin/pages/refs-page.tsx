import * as E from '@crm/domain/endpoints/admin';
import { adminRefAddSchema, type AdminRef, type RefKind } from '@crm/domain/api/admin';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useRefs, useWhoami } from '../api/admin.ts';
import { AddPanel, InputField, PlainButton } from '../components/admin-form.tsx';
import { ActiveToggle, activeColumn, useRenameInPlace } from '../components/table-rows.tsx';
import { AdminShell, DataTable, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

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
  const whoami = useWhoami();
  const list = useRefs(kind, parent?.id ?? null);
  const update = useAdminWrite(E.refsUpdate);
  const renaming = useRenameInPlace((renamed, done) => update.mutate({ kind, ...renamed }, { onSuccess: done }));
  const mayWrite = kind !== 'city' || whoami.data?.platform_admin === true;
  const hasChildren = kind !== 'source' && parent === null;
  const what = parent ? T.childLabel[kind]! : TOP_LABEL[kind];
  return (
    <AdminShell title={TITLES[kind]}>
      {parent ? (
        <p>
          <strong>{T.parentOf(parent.name)}</strong>{' '}
          <PlainButton onClick={() => setParent(null)}>{T.backToTop}</PlainButton>
        </p>
      ) : null}
      {mayWrite ? (
        <RefAddForm key={`${kind}-${parent?.id ?? 0}`} kind={kind} parentId={parent?.id ?? null} what={what} />
      ) : (
        <p className="admin-hint">{T.platformOnly}</p>
      )}
      <DataTable
        columns={[
          [kind === 'city' ? T.code : 'ID', (row) => row.id],
          [A.name, (row) => renaming.nameCell(row, A.name)],
          activeColumn,
          [
            A.actions,
            (row) => (
              <>
                {hasChildren ? <PlainButton onClick={() => setParent(row)}>{T.children}</PlainButton> : null}
                {mayWrite ? renaming.button(row) : null}
                {kind !== 'city' ? <ActiveToggle row={row} update={update} with={{ kind }} /> : null}
              </>
            ),
          ],
        ]}
        {...pagedRows(list)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function RefAddForm({ kind, parentId, what }: { kind: RefKind; parentId: number | null; what: string }) {
  const add = useAdminWrite(E.refsAdd);
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
  return (
    <AddPanel title={T.addTitle(what)} form={form} add={add} blank={blank}>
      <InputField label={A.name} form={form} name="name" />
      {kind === 'city' ? <InputField label={T.code} form={form} name="code" inputMode="numeric" /> : null}
    </AddPanel>
  );
}

export const AdminBanksPage = () => <RefsPage key="bank" kind="bank" />;
export const AdminChannelsPage = () => <RefsPage key="channel" kind="channel" />;
export const AdminSourcesPage = () => <RefsPage key="source" kind="source" />;
export const AdminCitiesPage = () => <RefsPage key="city" kind="city" />;

import { useState, type ComponentProps, type ComponentType } from 'react';
import type { WriteHandle } from '../api/admin.ts';
import { adminTexts as T } from '../texts.ts';
import { PlainButton } from './admin-form.tsx';
import { DataTable, type Column } from './admin-shell.tsx';

/* What a back-office table's rows do: switched on and off, renamed in place, edited in a form above. */

/** A row that is switched on and off. */
type Switchable = { id: number; is_active: boolean };

/** A row's 启用/停用: `update` is sent the row's id and the flipped state, and `with` (a ref's kind). */
export function ActiveToggle({
  row,
  update,
  with: extra,
}: {
  row: Switchable;
  update: Pick<WriteHandle, 'mutate'>;
  with?: Record<string, unknown>;
}) {
  return (
    // Every switchable kind's update takes the row's id and is_active (and a ref's kind, in `with`).
    <PlainButton onClick={() => update.mutate({ ...extra, id: row.id, is_active: !row.is_active } as never)}>
      {row.is_active ? T.disable : T.enable}
    </PlainButton>
  );
}

/** The 状态 column of a list whose rows are switched on and off. */
export const activeColumn: Column<Pick<Switchable, 'is_active'>> = [
  T.status,
  (row) => (row.is_active ? T.active : T.inactive),
];

type Named = { id: number; name: string };

/**
 * A row's name renamed in place: its cell is an input while it is edited, and its button edits, then saves
 * through `save`, which calls `done` once the write has succeeded.
 */
export function useRenameInPlace(save: (renamed: Named, done: () => void) => void) {
  const [editing, setEditing] = useState<Named | null>(null);
  return {
    nameCell: (row: Named, label: string) =>
      editing?.id === row.id ? (
        <input
          aria-label={label}
          value={editing.name}
          onChange={(e) => setEditing({ id: row.id, name: e.target.value })}
        />
      ) : (
        row.name
      ),
    button: (row: Named) =>
      editing?.id === row.id ? (
        <PlainButton onClick={() => save(editing, () => setEditing(null))}>{T.save}</PlainButton>
      ) : (
        <PlainButton onClick={() => setEditing({ id: row.id, name: row.name })}>{T.edit}</PlainButton>
      ),
  };
}

/** The record an edit form is open for, if any; `done` closes it. */
export function useEditing<Row>() {
  const [editing, edit] = useState<Row | null>(null);
  return { editing, edit, done: () => edit(null) };
}

type RowForm<Row> = ComponentType<{ row?: Row; onDone?: () => void }>;

/**
 * A list whose rows are added and edited through one form: the blank form above, the form of the row being
 * edited (keyed by it, so it starts from the row) below it, then the table, whose columns get `edit`.
 */
export function EditableTable<Row extends { id: number }>({
  Form,
  columns,
  ...table
}: Omit<ComponentProps<typeof DataTable<Row>>, 'columns'> & {
  Form: RowForm<Row>;
  columns: (edit: (row: Row) => void) => readonly Column<Row>[];
}) {
  const { editing, edit, done } = useEditing<Row>();
  return (
    <>
      <Form key="add" />
      {editing ? <Form key={editing.id} row={editing} onDone={done} /> : null}
      <DataTable {...table} columns={columns(edit)} />
    </>
  );
}

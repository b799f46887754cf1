import type { HouseClientItem } from '@crm/domain/api/house';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { useHouseList } from '../api/get-house-list.ts';
import { houseTexts as t } from '../texts.ts';
import { HouseSearch } from './house-form.tsx';
import { Rows } from './row-list.tsx';

/** The part of the form hook the referrer row needs: a form with `referrer_id`, '' for none. */
type ReferrerForm = {
  values: { referrer_id: string };
  set: (key: 'referrer_id') => (value: string) => void;
  field: (key: 'referrer_id') => FieldBinding;
};

/**
 * 推荐客户: picked from the caller's own home-loan clients (getHouseList, searched by name or phone, paged),
 * never typed as an internal id. The server still checks the caller may see the one picked.
 */
export function ReferrerField({ form }: { form: ReferrerForm }) {
  const [open, setOpen] = useState(false);
  // The picked client's name; a restored draft knows only the id.
  const [name, setName] = useState<string | null>(null);
  const binding = form.field('referrer_id');
  const picked = form.values.referrer_id;
  const pick = (client: HouseClientItem | null) => {
    form.set('referrer_id')(client ? String(client.id) : '');
    setName(client?.name ?? null);
    setOpen(false);
  };
  return (
    <>
      <FormField field={binding} label={t.referrer} onClick={() => setOpen(true)}>
        <span id={binding.id} role="button" tabIndex={0} aria-labelledby={`${binding.labelId} ${binding.id}`}>
          {picked === '' ? t.referrerPlaceholder : (name ?? t.referrerPicked)}
        </span>
      </FormField>
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, height: '70vh', overflowY: 'auto' }}
      >
        <div role="dialog" aria-label={t.referrerPick}>
          {open && <ReferrerList onPick={pick} />}
          {picked !== '' && (
            <div className="house-actions">
              <Button onClick={() => pick(null)}>{t.referrerClear}</Button>
            </div>
          )}
        </div>
      </Sheet>
    </>
  );
}

/** Mounted only while the sheet is open, so the form asks for no list until the row is tapped. */
function ReferrerList({ onPick }: { onPick: (client: HouseClientItem) => void }) {
  const [keyword, setKeyword] = useState('');
  const clients = useHouseList({ keyword });
  return (
    <>
      <HouseSearch onSearch={setKeyword} />
      <Rows
        list={clients}
        emptyText={t.referrerNone}
        row={(client) => ({ title: client.name, description: client.phone, onClick: () => onPick(client) })}
      />
    </>
  );
}

import { CheckList, Popup, SearchBar, Selector } from 'antd-mobile';
import { useState } from 'react';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { adminTexts } from '../texts.ts';
import { Field } from './admin-shell.tsx';

const T = adminTexts.products;

/** An option of a picker: the code the server keeps and the name a person reads. */
export type PickOption = { value: number; label: string };

/**
 * Codes chosen that no option names (a code since removed, a city the list no longer has): they stay chosen
 * and shown by `nameOf`, so saving a record unchanged sends back exactly what it had.
 */
const strays = (options: readonly PickOption[], chosen: readonly number[]) =>
  chosen.filter((value) => !options.some((option) => option.value === value));

/**
 * Several of a few options as tiles (employer types, purposes): a tap chooses, a second tap un-chooses, none
 * chosen is no rule. antd's Selector has no name of its own: the wrapper is a group named by the label.
 */
export function ChoicesField({
  label,
  binding,
  options,
  value,
  onChange,
  nameOf = String,
}: {
  label: string;
  binding: FieldBinding;
  options: readonly PickOption[];
  value: readonly number[];
  onChange: (value: number[]) => void;
  nameOf?: (value: number) => string;
}) {
  const shown = [...options, ...strays(options, value).map((code) => ({ value: code, label: nameOf(code) }))];
  return (
    <Field label={label} binding={binding}>
      <div role="group" id={binding.id} aria-labelledby={binding.labelId} className="admin-choices">
        <Selector
          multiple
          showCheckMark
          columns={4}
          options={shown.map((option) => ({ label: option.label, value: option.value }))}
          value={[...value]}
          onChange={onChange}
        />
      </div>
    </Field>
  );
}

/** A province and the cities under it, as the city call answers them (a city's parent_id is its province). */
export type CityRow = { id: number; name: string; parent_id: number | null };

/**
 * Several cities out of every city the product knows: the field shows the chosen names (不限 when none) and
 * opens a sheet with a search and the cities under their provinces, ticked as chosen.
 */
export function CitiesField({
  label,
  binding,
  cities,
  value,
  onChange,
}: {
  label: string;
  binding: FieldBinding;
  cities: { data: readonly CityRow[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  value: readonly number[];
  onChange: (value: number[]) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const rows = cities.data ?? [];
  const nameOf = (id: number) => rows.find((row) => row.id === id)?.name ?? T.unknownCity(id);
  const leaves = rows.filter((row) => row.parent_id !== null);
  const matches = (row: CityRow) => search.trim() === '' || row.name.includes(search.trim());
  const groups = rows
    .filter((row) => row.parent_id === null)
    .map((province) => ({
      title: province.name,
      cities: leaves.filter((city) => city.parent_id === province.id && matches(city)),
    }));
  const other = strays(
    leaves.map((city) => ({ value: city.id, label: city.name })),
    value,
  ).map((id) => ({ id, name: nameOf(id), parent_id: null }));
  if (other.length > 0) groups.push({ title: T.otherPicked, cities: other });
  const shownGroups = groups.filter((group) => group.cities.length > 0);
  const summary = value.length === 0 ? T.anyValue : value.map(nameOf).join('、');
  return (
    <Field label={label} binding={binding}>
      <button
        type="button"
        id={binding.id}
        className="admin-button admin-button--plain admin-pick"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        {cities.isPending && value.length > 0 ? T.citiesLoading : summary}
      </button>
      {cities.isError ? (
        <span role="alert" className="admin-field__error">
          {T.citiesFailed}{' '}
          <button type="button" className="admin-button admin-button--plain" onClick={() => void cities.refetch()}>
            {adminTexts.retry}
          </button>
        </span>
      ) : null}
      <Popup visible={isOpen} onMaskClick={() => setIsOpen(false)} onClose={() => setIsOpen(false)}>
        <div role="dialog" aria-label={T.pickCities} className="admin-pick-sheet">
          <div className="admin-pick-sheet__bar">
            <strong>{T.pickCities}</strong>
            <button type="button" className="admin-button admin-button--plain" onClick={() => onChange([])}>
              {T.pickClear}
            </button>
            <button type="button" className="admin-button" onClick={() => setIsOpen(false)}>
              {T.pickDone}
            </button>
          </div>
          <SearchBar placeholder={T.searchCity} value={search} onChange={setSearch} aria-label={T.searchCity} />
          <div className="admin-pick-sheet__list">
            {cities.isPending ? <p role="status">{T.citiesLoading}</p> : null}
            {!cities.isPending && shownGroups.length === 0 ? <p>{T.noCityFound}</p> : null}
            {shownGroups.map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h3 className="admin-pick-sheet__group">{group.title}</h3>
                <CheckList multiple value={[...value]} onChange={(next) => onChange(next.map(Number))}>
                  {group.cities.map((city) => (
                    <CheckList.Item key={city.id} value={city.id}>
                      {city.name}
                    </CheckList.Item>
                  ))}
                </CheckList>
              </section>
            ))}
          </div>
        </div>
      </Popup>
    </Field>
  );
}

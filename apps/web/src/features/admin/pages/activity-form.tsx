import type { AdminActivitySpec } from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useActivitySpec, useAdminWrite } from '../api/admin.ts';
import { LoadState } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { toIso, toLocal } from './notices-page.tsx';

const T = adminTexts.activityForm;
const A = adminTexts;

type PrizeValues = { tier: string; name: string; stock: string; redeem_note: string };
type ActivityValues = {
  key: string;
  type: string;
  title: string;
  intro: string;
  starts_at: string;
  ends_at: string;
  requires_phone: boolean;
  pool_size: string;
  prize_redeem_days: string;
  prizes: PrizeValues[];
  coupon_title: string;
  /** Yuan on screen, fen on the wire. */
  coupon_value: string;
  coupon_stock: string;
  coupon_days: string;
};

const EMPTY: ActivityValues = {
  key: '',
  type: 'lottery',
  title: '',
  intro: '',
  starts_at: '',
  ends_at: '',
  requires_phone: false,
  pool_size: '100',
  prize_redeem_days: '30',
  prizes: [{ tier: '1', name: '', stock: '1', redeem_note: '' }],
  coupon_title: '',
  coupon_value: '',
  coupon_stock: '100',
  coupon_days: '30',
};

/** A number typed in a field; a bad one goes as it is, for the file's rules to name. */
const numberOf = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));

/**
 * The form's values as the object one activity of the activity file parses to (decision 056); what the form
 * does not show (registration fields, questions, cover, fair) is carried from the stored activity.
 */
export function activitySpecOf(v: ActivityValues, kept: Partial<AdminActivitySpec> = {}): Record<string, unknown> {
  return {
    cover_url: kept.cover_url ?? '',
    fields: kept.fields ?? [],
    questions: kept.questions ?? [],
    ...(kept.fair_id === undefined ? {} : { fair_id: kept.fair_id }),
    key: v.key.trim(),
    type: v.type,
    title: v.title.trim(),
    intro: v.intro.trim(),
    starts_at: v.starts_at ? toIso(v.starts_at) : '',
    ends_at: v.ends_at ? toIso(v.ends_at) : '',
    requires_phone: v.requires_phone,
    ...(v.type === 'lottery'
      ? {
          lottery: {
            pool_size: numberOf(v.pool_size),
            prize_redeem_days: numberOf(v.prize_redeem_days) ?? 30,
            prizes: v.prizes.map((p) => ({
              tier: numberOf(p.tier),
              name: p.name.trim(),
              stock: numberOf(p.stock),
              redeem_note: p.redeem_note.trim(),
            })),
          },
        }
      : {}),
    ...(v.type === 'coupon'
      ? {
          coupon: {
            title: v.coupon_title.trim(),
            value_fen: yuanToFen(v.coupon_value) ?? null,
            stock: numberOf(v.coupon_stock),
            valid_days: numberOf(v.coupon_days) ?? 30,
          },
        }
      : {}),
  };
}

function valuesOf(spec: AdminActivitySpec): ActivityValues {
  return {
    key: spec.key,
    type: spec.type,
    title: spec.title,
    intro: spec.intro,
    starts_at: toLocal(spec.starts_at),
    ends_at: toLocal(spec.ends_at),
    requires_phone: spec.requires_phone,
    pool_size: String(spec.lottery?.pool_size ?? EMPTY.pool_size),
    prize_redeem_days: String(spec.lottery?.prize_redeem_days ?? EMPTY.prize_redeem_days),
    prizes: spec.lottery
      ? spec.lottery.prizes.map((p) => ({
          tier: String(p.tier),
          name: p.name,
          stock: String(p.stock),
          redeem_note: p.redeem_note,
        }))
      : EMPTY.prizes,
    coupon_title: spec.coupon?.title ?? '',
    coupon_value: spec.coupon ? fenToYuan(spec.coupon.value_fen) : '',
    coupon_stock: String(spec.coupon?.stock ?? EMPTY.coupon_stock),
    coupon_days: String(spec.coupon?.valid_days ?? EMPTY.coupon_days),
  };
}

/** One activity's form (decision 057): the structure of one activity of its YAML file. A refusal keeps what was typed. */
export function ActivityForm({ spec, onDone }: { spec?: AdminActivitySpec; onDone?: () => void }) {
  const write = useAdminWrite('/api/admin/activities/save');
  const [v, setValues] = useState<ActivityValues>(spec ? valuesOf(spec) : EMPTY);
  const set = <K extends keyof ActivityValues>(key: K, value: ActivityValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const setPrize = (i: number, patch: Partial<PrizeValues>) =>
    set(
      'prizes',
      v.prizes.map((p, at) => (at === i ? { ...p, ...patch } : p)),
    );
  const prefix = spec ? 'admin-activity-edit' : 'admin-activity-add';
  const title = spec ? T.editTitle(spec.key) : T.addTitle;
  const input = (
    key:
      | 'key'
      | 'title'
      | 'pool_size'
      | 'prize_redeem_days'
      | 'coupon_title'
      | 'coupon_value'
      | 'coupon_stock'
      | 'coupon_days',
    label: string,
  ) => (
    <div className="admin-field">
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      <input id={`${prefix}-${key}`} value={v[key]} onChange={(e) => set(key, e.target.value)} />
    </div>
  );
  const time = (key: 'starts_at' | 'ends_at', label: string) => (
    <div className="admin-field">
      <label htmlFor={`${prefix}-${key}`}>{label}</label>
      <input id={`${prefix}-${key}`} type="datetime-local" value={v[key]} onChange={(e) => set(key, e.target.value)} />
    </div>
  );
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="admin-hint">{T.hint}</p>
      <PlainForm
        className="admin-form"
        onSubmit={() =>
          write.mutate(
            { activity: activitySpecOf(v, spec) },
            { onSuccess: () => (onDone ? onDone() : setValues(EMPTY)) },
          )
        }
      >
        {input('key', T.key)}
        <div className="admin-field">
          <label htmlFor={`${prefix}-type`}>{T.type}</label>
          <select id={`${prefix}-type`} value={v.type} onChange={(e) => set('type', e.target.value)}>
            {Object.entries(T.types).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {input('title', T.title)}
        <div className="admin-field">
          <label htmlFor={`${prefix}-intro`}>{T.intro}</label>
          <textarea id={`${prefix}-intro`} rows={2} value={v.intro} onChange={(e) => set('intro', e.target.value)} />
        </div>
        {time('starts_at', T.startsAt)}
        {time('ends_at', T.endsAt)}
        <label className="admin-checks">
          <input type="checkbox" checked={v.requires_phone} onChange={(e) => set('requires_phone', e.target.checked)} />
          {T.requiresPhone}
        </label>
        {v.type === 'lottery' ? (
          <>
            {input('pool_size', T.poolSize)}
            {input('prize_redeem_days', T.redeemDays)}
            {v.prizes.map((p, i) => (
              <fieldset key={i} className="admin-form" aria-label={T.prize(i + 1)}>
                <select
                  aria-label={T.prizeTier(i + 1)}
                  value={p.tier}
                  onChange={(e) => setPrize(i, { tier: e.target.value })}
                >
                  {['1', '2', '3'].map((tier) => (
                    <option key={tier} value={tier}>
                      {tier}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={T.prizeName(i + 1)}
                  value={p.name}
                  onChange={(e) => setPrize(i, { name: e.target.value })}
                />
                <input
                  aria-label={T.prizeStock(i + 1)}
                  value={p.stock}
                  onChange={(e) => setPrize(i, { stock: e.target.value })}
                />
                <input
                  aria-label={T.prizeNote(i + 1)}
                  value={p.redeem_note}
                  onChange={(e) => setPrize(i, { redeem_note: e.target.value })}
                />
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() =>
                    set(
                      'prizes',
                      v.prizes.filter((_, at) => at !== i),
                    )
                  }
                >
                  {T.remove}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="admin-button admin-button--plain"
              onClick={() =>
                set('prizes', [
                  ...v.prizes,
                  { tier: String(v.prizes.length + 1), name: '', stock: '1', redeem_note: '' },
                ])
              }
            >
              {T.addPrize}
            </button>
          </>
        ) : null}
        {v.type === 'coupon' ? (
          <>
            {input('coupon_title', T.couponTitle)}
            {input('coupon_value', T.couponValue)}
            {input('coupon_stock', T.couponStock)}
            {input('coupon_days', T.couponDays)}
          </>
        ) : null}
        <button type="submit" className="admin-button" disabled={write.isPending}>
          {A.save}
        </button>
        {onDone ? (
          <button type="button" className="admin-button admin-button--plain" onClick={onDone}>
            {A.cancel}
          </button>
        ) : null}
      </PlainForm>
    </section>
  );
}

/** The edit form of the activity `id`, once its file entry's object has loaded. */
export function ActivityEditForm({ id, onDone }: { id: number; onDone: () => void }) {
  const activity = useActivitySpec(id);
  return (
    <LoadState
      isPending={activity.isPending}
      error={activity.error}
      isEmpty={!activity.data}
      emptyText=""
      onRetry={activity.refetch}
    >
      {activity.data ? <ActivityForm key={id} spec={activity.data.spec} onDone={onDone} /> : null}
    </LoadState>
  );
}

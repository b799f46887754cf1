import * as E from '@crm/domain/endpoints/admin';
import { useState } from 'react';
import type { AdminActivitySpec } from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { isApiError } from '../../../lib/api-client.ts';
import { pick } from '../../../lib/form-values.ts';
import { useActivitySpec, useAdminWrite } from '../api/admin.ts';
import { FormButtons, FormPanel, LabelOptions, LoadedEdit } from '../components/admin-form.tsx';
import { ItemList, numberOf, PlainField, usePlainValues } from '../components/item-form.tsx';
import { adminTexts } from '../texts.ts';
import { toIso, toLocal } from './notices-page.tsx';

const T = adminTexts.activityForm;
const A = adminTexts;

/** `value`: yuan on screen, fen on the wire. */
type PrizeValues = { tier: string; name: string; stock: string; value: string; redeem_note: string };
type ActivityValues = {
  key: string;
  type: string;
  title: string;
  intro: string;
  starts_at: string;
  ends_at: string;
  requires_phone: boolean;
  complaint_contact: string;
  published: boolean;
  pool_size: string;
  prize_redeem_days: string;
  /** '' all at once, 'day' or 'hour' (decision 070). */
  release: string;
  rollover: boolean;
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
  complaint_contact: '',
  published: false,
  pool_size: '100',
  prize_redeem_days: '30',
  release: '',
  rollover: true,
  prizes: [{ tier: '1', name: '', stock: '1', value: '', redeem_note: '' }],
  coupon_title: '',
  coupon_value: '',
  coupon_stock: '100',
  coupon_days: '30',
};

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
    complaint_contact: v.complaint_contact.trim(),
    published: v.published,
    ...(v.type === 'lottery'
      ? {
          lottery: {
            pool_size: numberOf(v.pool_size),
            prize_redeem_days: numberOf(v.prize_redeem_days) ?? 30,
            ...(v.release ? { release: { every: v.release, rollover: v.rollover } } : {}),
            prizes: v.prizes.map((p) => ({
              tier: numberOf(p.tier),
              name: p.name.trim(),
              stock: numberOf(p.stock),
              // A value the rules refuse (none, not a sum of yuan) goes as null, for them to name.
              value_fen: yuanToFen(p.value) ?? null,
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
    ...pick(spec, ['key', 'type', 'title', 'intro', 'requires_phone', 'complaint_contact', 'published']),
    starts_at: toLocal(spec.starts_at),
    ends_at: toLocal(spec.ends_at),
    pool_size: String(spec.lottery?.pool_size ?? EMPTY.pool_size),
    prize_redeem_days: String(spec.lottery?.prize_redeem_days ?? EMPTY.prize_redeem_days),
    release: spec.lottery?.release?.every ?? '',
    rollover: spec.lottery?.release?.rollover ?? true,
    prizes: spec.lottery
      ? spec.lottery.prizes.map((p) => ({
          tier: String(p.tier),
          name: p.name,
          stock: String(p.stock),
          value: fenToYuan(p.value_fen),
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
  const write = useAdminWrite(E.activitiesSave);
  const prefix = spec ? 'admin-activity-edit' : 'admin-activity-add';
  const { values: v, set, reset, text, textArea, check } = usePlainValues(spec ? valuesOf(spec) : EMPTY, prefix);
  const title = spec ? T.editTitle(spec.key) : T.addTitle;
  // The rules' refusal (the write toasts it too), shown under the field it names (decision 070).
  const [refusal, setRefusal] = useState<{ field: string; msg: string } | null>(null);
  const under = (field: string) =>
    refusal?.field === field ? (
      <span role="alert" className="admin-field__error">
        {refusal.msg}
      </span>
    ) : null;
  const frozen = spec?.published === true;
  return (
    <FormPanel
      title={title}
      hint={T.hint}
      onSubmit={() =>
        write.mutate(
          { activity: activitySpecOf(v, spec) },
          {
            onSuccess: () => {
              setRefusal(null);
              if (onDone) onDone();
              else reset(EMPTY);
            },
            onError: (error) =>
              setRefusal(isApiError(error) && error.field ? { field: error.field, msg: error.message } : null),
          },
        )
      }
    >
      {frozen ? <p className="admin-hint">{T.frozenHint}</p> : null}
      {text('key', T.key)}
      <PlainField id={`${prefix}-type`} label={T.type}>
        <select id={`${prefix}-type`} value={v.type} onChange={(e) => set('type', e.target.value)}>
          <LabelOptions labels={T.types} />
        </select>
      </PlainField>
      {text('title', T.title)}
      {textArea('intro', T.intro)}
      {text('starts_at', T.startsAt, 'datetime-local')}
      {text('ends_at', T.endsAt, 'datetime-local')}
      {check('requires_phone', T.requiresPhone)}
      {text('complaint_contact', T.complaintContact)}
      {under('complaint_contact')}
      {v.type === 'lottery' ? (
        <>
          {text('pool_size', T.poolSize)}
          {under('lottery.pool_size')}
          {text('prize_redeem_days', T.redeemDays)}
          <PlainField id={`${prefix}-release`} label={T.release}>
            <select id={`${prefix}-release`} value={v.release} onChange={(e) => set('release', e.target.value)}>
              <LabelOptions labels={T.releases} />
            </select>
          </PlainField>
          {under('lottery.release.every')}
          {v.release ? check('rollover', T.rollover) : null}
          <ItemList
            items={v.prizes}
            onChange={(prizes) => set('prizes', prizes)}
            label={T.prize}
            fresh={(count) => ({ tier: String(count + 1), name: '', stock: '1', value: '', redeem_note: '' })}
            addText={T.addPrize}
          >
            {(p, { n, patch, box }) => (
              <>
                <select aria-label={T.prizeTier(n)} value={p.tier} onChange={(e) => patch({ tier: e.target.value })}>
                  {['1', '2', '3'].map((tier) => (
                    <option key={tier} value={tier}>
                      {tier}
                    </option>
                  ))}
                </select>
                {box('name', T.prizeName(n))}
                {box('stock', T.prizeStock(n))}
                {box('value', T.prizeValue(n))}
                {under(`lottery.prizes.${n - 1}.value_fen`)}
                {box('redeem_note', T.prizeNote(n))}
              </>
            )}
          </ItemList>
          {under('lottery')}
        </>
      ) : null}
      {v.type === 'coupon' ? (
        <>
          {text('coupon_title', T.couponTitle)}
          {text('coupon_value', T.couponValue)}
          {text('coupon_stock', T.couponStock)}
          {text('coupon_days', T.couponDays)}
        </>
      ) : null}
      {under('coupon')}
      {check('published', T.publish)}
      <FormButtons submit={A.save} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}

/** The edit form of the activity `id`, once its file entry's object has loaded. */
export function ActivityEditForm({ id, onDone }: { id: number; onDone: () => void }) {
  const activity = useActivitySpec(id);
  return (
    <LoadedEdit query={activity}>{(data) => <ActivityForm key={id} spec={data.spec} onDone={onDone} />}</LoadedEdit>
  );
}

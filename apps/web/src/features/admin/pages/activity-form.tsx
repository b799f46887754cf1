import type { AdminActivitySpec } from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { pick } from '../../../lib/form-values.ts';
import { useActivitySpec, useAdminWrite } from '../api/admin.ts';
import { FormButtons, FormPanel, LabelOptions, LoadedEdit } from '../components/admin-form.tsx';
import { ItemList, numberOf, PlainField, usePlainValues } from '../components/item-form.tsx';
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
    ...pick(spec, ['key', 'type', 'title', 'intro', 'requires_phone']),
    starts_at: toLocal(spec.starts_at),
    ends_at: toLocal(spec.ends_at),
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
  const prefix = spec ? 'admin-activity-edit' : 'admin-activity-add';
  const { values: v, set, reset, text, textArea, check } = usePlainValues(spec ? valuesOf(spec) : EMPTY, prefix);
  const title = spec ? T.editTitle(spec.key) : T.addTitle;
  return (
    <FormPanel
      title={title}
      hint={T.hint}
      onSubmit={() =>
        write.mutate({ activity: activitySpecOf(v, spec) }, { onSuccess: () => (onDone ? onDone() : reset(EMPTY)) })
      }
    >
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
      {v.type === 'lottery' ? (
        <>
          {text('pool_size', T.poolSize)}
          {text('prize_redeem_days', T.redeemDays)}
          <ItemList
            items={v.prizes}
            onChange={(prizes) => set('prizes', prizes)}
            label={T.prize}
            fresh={(count) => ({ tier: String(count + 1), name: '', stock: '1', redeem_note: '' })}
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
                {box('redeem_note', T.prizeNote(n))}
              </>
            )}
          </ItemList>
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

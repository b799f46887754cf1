import {
  OVER_LIMIT_AMOUNT_FEN,
  OVER_LIMIT_RATE_BP,
  bpToPercent,
  computeBrokerageFen,
  isOverLimit,
  percentToBp,
  splitFen,
} from '@crm/domain/brokerage';
import { formatFen } from '@crm/domain/money';
import { setBrokerageFormSchema } from '@crm/domain/house';
import { Button, Checkbox, Input, List, NoticeBar, Skeleton, Stepper } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useBrokerageUserList } from '../api/brokerage-users.ts';
import { useHouseDetail } from '../api/get-house-detail.ts';
import { useSetHouseBrokerage } from '../api/set-house-brokerage.ts';
import { houseDetailPath } from '../components/client-list.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

const weightsOf = (chosen: number[], shares: Record<number, number>) => chosen.map((userId) => shares[userId] ?? 1);

/**
 * /business/houseSetBrokerage/:father/:id: rate and receivers. The preview uses the same function the
 * server stores with, so the person sees the fen the orders will carry.
 */
export function HouseSetBrokeragePage() {
  const navigate = useNavigate();
  const { father = '0', id = '0' } = useParams();
  const detail = useHouseDetail(Number(id));
  const receivers = useBrokerageUserList('');
  const save = useSetHouseBrokerage();
  const noShares: Record<number, number> = {};
  const form = useSchemaForm({
    schema: setBrokerageFormSchema,
    initial: { rate: '', user_ids: [] as number[], shares: noShares },
    toInput: ({ rate, user_ids, shares }) => ({
      id,
      rate,
      user_ids: user_ids.join(','),
      shares: weightsOf(user_ids, shares).join(','),
    }),
    idPrefix: 'brokerage',
  });
  const { rate, user_ids: chosen, shares } = form.values;
  const setChosen = (update: (list: number[]) => number[]) => form.set('user_ids')(update(chosen));
  const setShares = (update: (all: Record<number, number>) => Record<number, number>) =>
    form.set('shares')(update(shares));

  if (detail.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (detail.isError) return <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const loanFen = detail.data.client.loan_amount_fen;
  const bp = percentToBp(rate);
  const amountFen = bp !== null ? computeBrokerageFen(loanFen, bp) : null;
  const weights = weightsOf(chosen, shares);
  const parts =
    amountFen !== null && chosen.length > 0 && weights.some((w) => w > 0) ? splitFen(amountFen, weights) : [];

  const submit = async () => {
    if (!form.validate()) return;
    try {
      const result = await save.mutateAsync({ id: Number(id), rate, userIds: chosen, shares: weights });
      showToast({
        content: result.state === 'pending_audit' ? t.brokeragePending : t.brokerageApproved,
        icon: 'success',
      });
      void navigate(houseDetailPath(Number(id), father), { replace: true });
    } catch (error) {
      // Under the field the server names (issue 39: the rate, the receivers or their shares) and as a toast.
      form.refuse(error);
    }
  };

  return (
    <div>
      <NoticeBar
        content={t.overLimitHint(bpToPercent(OVER_LIMIT_RATE_BP), formatFen(OVER_LIMIT_AMOUNT_FEN))}
        color="info"
        wrap
      />
      <List header={`${detail.data.client.name} · ${t.loanAmountShort} ${formatFen(loanFen)}`}>
        <FormField field={form.field('rate')} label={t.rate}>
          <Input placeholder={t.ratePlaceholder} {...form.input('rate')} inputMode="decimal" />
        </FormField>
        {amountFen !== null ? (
          <List.Item extra={bp !== null && isOverLimit(bp, amountFen) ? t.overLimitWillWait : undefined}>
            {t.preview(formatFen(amountFen))}
          </List.Item>
        ) : null}
      </List>
      <List header={<span id={form.field('user_ids').labelId}>{t.receivers}</span>}>
        {form.errors.user_ids ? (
          <List.Item>
            <span id={form.field('user_ids').errorId} className="form-field__error" role="alert">
              {form.errors.user_ids}
            </span>
          </List.Item>
        ) : null}
        {receivers.items.length === 0 && !receivers.isPending ? <List.Item>{t.noReceivers}</List.Item> : null}
        {receivers.items.map((user) => {
          const index = chosen.indexOf(user.id);
          return (
            <List.Item
              key={user.id}
              description={`${user.bank_name} ${user.bank_card}`}
              extra={
                index >= 0 ? (
                  <span>
                    {t.share}
                    <Stepper
                      min={1}
                      max={100}
                      value={shares[user.id] ?? 1}
                      onChange={(v) => setShares((s) => ({ ...s, [user.id]: v }))}
                    />
                    {parts[index] !== undefined ? ` ${formatFen(parts[index])}` : ''}
                  </span>
                ) : undefined
              }
            >
              <Checkbox
                checked={index >= 0}
                onChange={(checked) =>
                  setChosen((list) => (checked ? [...list, user.id] : list.filter((x) => x !== user.id)))
                }
              >
                {user.name}
              </Checkbox>
            </List.Item>
          );
        })}
      </List>
      <div className="house-actions">
        <Button color="primary" onClick={() => void navigate('/business/houseBrokerageUser')} fill="outline">
          {t.addBrokerageUser}
        </Button>
        <Button color="primary" loading={save.isPending} onClick={() => void submit()}>
          {t.submit}
        </Button>
      </div>
    </div>
  );
}

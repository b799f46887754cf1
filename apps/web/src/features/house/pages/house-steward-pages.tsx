import { formatDateTime } from '@crm/domain/datetime';
import { houseSignSubmitRequestSchema } from '@crm/domain/api/house';
import { DatePicker, Input, List } from 'antd-mobile';
import type { HouseClientItem } from '@crm/domain/api/house';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { useKeyTabs } from '../../../components/key-tabs.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { usePool, useTakeReferral } from '../api/channel-referrals.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useHouseCard } from '../api/get-house-card.ts';
import { useHouseList } from '../api/get-house-list.ts';
import { useStewardList } from '../api/get-house-list2.ts';
import { useHouseSignSubmit } from '../api/house-sign-submit.ts';
import { useHouseDetail } from '../api/get-house-detail.ts';
import { ClientList, houseDetailPath, houseSignDetailPath } from '../components/client-list.tsx';
import { houseTexts as t } from '../texts.ts';
import { HouseAction } from '../components/house-form.tsx';
import { HouseDetailPage } from './house-detail-page.tsx';
import '../components/house.css';
import { RowButton } from '../../../components/row-button.tsx';

/** /business/houseSign: the steward's clients (job 5), waiting first; the badge counts the waiting ones. */
export function HouseSignPage() {
  const [tab, tabs] = useKeyTabs([
    { key: 'waiting', title: t.stewardTabs.waiting },
    { key: 'handled', title: t.stewardTabs.handled },
    { key: 'pool', title: t.stewardTabs.pool },
  ]);
  return (
    <div>
      {tabs}
      {tab === 'pool' ? <PoolList /> : <StewardList status={tab} />}
    </div>
  );
}

function StewardList({ status }: { status: 'waiting' | 'handled' }) {
  const list = useStewardList(status);
  return <ClientList list={list} to={(client) => houseSignDetailPath(client.id)} />;
}

/** The channel agents' referrals nobody holds (decision 052): 接单 takes one, first come first served. */
function PoolList() {
  const pool = usePool();
  const take = useTakeReferral();
  const takeOne = async (client: HouseClientItem) => {
    if (!(await askToConfirm(t.takeConfirm(client.name), t))) return;
    try {
      showToast({ content: (await take.mutateAsync(client.id)) || t.taken, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <ClientList
      list={pool}
      to={(client) => houseDetailPath(client.id)}
      extra={(client) => (
        <RowButton size="small" color="primary" onPress={() => takeOne(client)}>
          {t.take}
        </RowButton>
      )}
    />
  );
}

/** /business/houseSignDetail/:id: the client, and booking its signing at the bank (docking to the signing centre). */
export function HouseSignDetailPage() {
  const id = Number(useParams().id ?? 0);
  const detail = useHouseDetail(id);
  const submitSign = useHouseSignSubmit();
  const form = useSchemaForm({
    schema: houseSignSubmitRequestSchema,
    initial: { appointment_at: null as Date | null, place: '' },
    toInput: ({ appointment_at, place }) => ({
      id,
      appointment_at: appointment_at ? appointment_at.toISOString() : '',
      place,
    }),
    idPrefix: 'house-sign',
  });
  const appointment = form.values.appointment_at;
  const [picking, setPicking] = useState(false);
  const waiting = detail.data?.client.steward_status === 'waiting' && detail.data.client.status === 1;

  const submit = async () => {
    const input = form.validate();
    if (!input) return;
    try {
      await submitSign.mutateAsync(input);
      showToast({ content: t.signSubmitted, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div>
      <HouseDetailPage />
      {waiting ? (
        <>
          <List header={t.submitSign}>
            <FormField field={form.field('appointment_at')} label={t.appointment} onClick={() => setPicking(true)}>
              <span
                id={form.field('appointment_at').id}
                role="button"
                aria-labelledby={form.field('appointment_at').labelId}
              >
                {appointment ? formatDateTime(appointment) : t.appointmentPlaceholder}
              </span>
            </FormField>
            <FormField field={form.field('place')} label={t.place}>
              <Input placeholder={t.placePlaceholder} {...form.input('place')} maxLength={100} />
            </FormField>
          </List>
          <HouseAction loading={submitSign.isPending} onClick={() => void submit()}>
            {t.submitSign}
          </HouseAction>
          <DatePicker
            visible={picking}
            precision="minute"
            min={new Date()}
            onClose={() => setPicking(false)}
            onConfirm={form.set('appointment_at')}
            confirmText={t.confirm}
            cancelText={t.cancel}
          />
        </>
      ) : null}
    </div>
  );
}

/** /business/housePhoto: clients who came through the official account. */
export function HousePhotoPage() {
  const list = useHouseList({ source: 'official' });
  return <ClientList list={list} emptyText={t.emptyPhoto} to={(client) => houseDetailPath(client.id)} />;
}

/** /business/houseSignCard: the steward's card-instalment clients. */
export function HouseSignCardPage() {
  const list = useHouseCard();
  return <ClientList list={list} emptyText={t.emptyCards} to={(client) => houseSignDetailPath(client.id)} />;
}

import { houseSignSubmitRequestSchema } from '@crm/domain/api/house';
import { Button, DatePicker, Input, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useHouseCard } from '../api/get-house-card.ts';
import { useHouseList } from '../api/get-house-list.ts';
import { useStewardList } from '../api/get-house-list2.ts';
import { useHouseSignSubmit } from '../api/house-sign-submit.ts';
import { useHouseDetail } from '../api/get-house-detail.ts';
import { ClientItem } from '../components/client-item.tsx';
import { Field } from '../components/field.tsx';
import { fieldErrors, firstError } from '../components/form-errors.ts';
import { houseTexts as t } from '../texts.ts';
import { HouseDetailPage } from './house-detail-page.tsx';
import '../components/house.css';

/** /business/houseSign: the steward's clients (job 5), waiting first; the badge counts the waiting ones. */
export function HouseSignPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'waiting' | 'handled'>('waiting');
  const list = useStewardList(tab);
  return (
    <div>
      <Tabs activeKey={tab} onChange={(key) => setTab(key === 'handled' ? 'handled' : 'waiting')}>
        <Tabs.Tab title={t.stewardTabs.waiting} key="waiting" />
        <Tabs.Tab title={t.stewardTabs.handled} key="handled" />
      </Tabs>
      <List>
        <LoadMoreList
          {...list}
          emptyText={t.emptyClients}
          renderItem={(client) => <ClientItem key={client.id} client={client} onClick={() => void navigate(`/business/houseSignDetail/${client.id}`)} />}
        />
      </List>
    </div>
  );
}

/** /business/houseSignDetail/:id: the client, and booking its signing at the bank (docking to the signing centre). */
export function HouseSignDetailPage() {
  const id = Number(useParams().id ?? 0);
  const detail = useHouseDetail(id);
  const submitSign = useHouseSignSubmit();
  const [appointment, setAppointment] = useState<Date | null>(null);
  const [place, setPlace] = useState('');
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const waiting = detail.data?.client.steward_status === 'waiting' && detail.data.client.status === 1;

  const submit = async () => {
    const input = { id, appointment_at: appointment ? appointment.toISOString() : '', place };
    const parsed = houseSignSubmitRequestSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      showToast({ content: firstError(parsed.error) });
      return;
    }
    setErrors({});
    try {
      await submitSign.mutateAsync(input);
      showToast({ content: t.signSubmitted, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div>
      <HouseDetailPage />
      {waiting ? (
        <>
          <List header={t.submitSign}>
            <Field label={t.appointment} error={errors.appointment_at} onClick={() => setPicking(true)}>
              {appointment ? appointment.toLocaleString('zh-CN') : t.appointmentPlaceholder}
            </Field>
            <Field label={t.place} error={errors.place}>
              <Input placeholder={t.placePlaceholder} value={place} onChange={setPlace} maxLength={100} />
            </Field>
          </List>
          <div className="house-actions">
            <Button color="primary" loading={submitSign.isPending} onClick={() => void submit()}>
              {t.submitSign}
            </Button>
          </div>
          <DatePicker
            visible={picking}
            precision="minute"
            min={new Date()}
            onClose={() => setPicking(false)}
            onConfirm={setAppointment}
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
  const navigate = useNavigate();
  const list = useHouseList({ source: 'official' });
  return (
    <List>
      <LoadMoreList
        {...list}
        emptyText={t.emptyPhoto}
        renderItem={(client) => <ClientItem key={client.id} client={client} onClick={() => void navigate(`/business/houseDetail/0/${client.id}`)} />}
      />
    </List>
  );
}

/** /business/houseSignCard: the steward's card-instalment clients. */
export function HouseSignCardPage() {
  const navigate = useNavigate();
  const list = useHouseCard();
  return (
    <List>
      <LoadMoreList
        {...list}
        emptyText={t.emptyCards}
        renderItem={(client) => <ClientItem key={client.id} client={client} onClick={() => void navigate(`/business/houseSignDetail/${client.id}`)} />}
      />
    </List>
  );
}

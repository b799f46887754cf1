import { formatFen } from '@crm/domain/money';
import { houseBrokerageUserFormSchema, houseRecommendFormSchema } from '@crm/domain/house';
import { Button, Input, List, Popup, SearchBar, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useAddBrokerageUser, useBrokerageUserList } from '../api/brokerage-users.ts';
import { useAddHouseRecommend, useRecommendList } from '../api/house-recommends.ts';
import { Field } from '../components/field.tsx';
import { useSchemaForm } from '../components/use-schema-form.ts';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseRecommendList. */
export function HouseRecommendListPage() {
  const navigate = useNavigate();
  const list = useRecommendList();
  return (
    <div>
      <List>
        <LoadMoreList
          {...list}
          emptyText={t.emptyRecommends}
          renderItem={(r) => (
            <List.Item
              key={r.id}
              description={`${r.phone}${r.channel_name ? ` · ${r.channel_name}` : ''}${r.remark ? ` · ${r.remark}` : ''}`}
              extra={r.intent_amount_fen > 0 ? `${formatFen(r.intent_amount_fen)}` : undefined}
            >
              {r.name}
            </List.Item>
          )}
        />
      </List>
      <div className="house-actions">
        <Button color="primary" onClick={() => void navigate('/business/houseRecommendAdd')}>
          {t.addRecommend}
        </Button>
      </div>
    </div>
  );
}

/** /business/houseRecommendAdd. */
export function HouseRecommendAddPage() {
  const navigate = useNavigate();
  const add = useAddHouseRecommend();
  const { values, errors, set, validate } = useSchemaForm({ name: '', phone: '', intent_amount: '', remark: '' });
  const submit = async () => {
    if (!validate(houseRecommendFormSchema)) return;
    try {
      await add.mutateAsync(values);
      showToast({ content: t.saved, icon: 'success' });
      void navigate('/business/houseRecommendList', { replace: true });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div>
      <List header={t.addRecommend}>
        <Field label={t.name} error={errors.name}>
          <Input placeholder={t.namePlaceholder} value={values.name} onChange={set('name')} maxLength={30} />
        </Field>
        <Field label={t.phone} error={errors.phone}>
          <Input placeholder={t.phonePlaceholder} value={values.phone} onChange={set('phone')} maxLength={11} type="tel" />
        </Field>
        <Field label={t.intentAmount} error={errors.intent_amount}>
          <Input placeholder={t.remarkPlaceholder} value={values.intent_amount} onChange={set('intent_amount')} inputMode="decimal" />
        </Field>
        <Field label={t.remark} error={errors.remark}>
          <TextArea placeholder={t.remarkPlaceholder} value={values.remark} onChange={set('remark')} maxLength={200} autoSize />
        </Field>
      </List>
      <div className="house-actions">
        <Button color="primary" loading={add.isPending} onClick={() => void submit()}>
          {t.submit}
        </Button>
      </div>
    </div>
  );
}

/** /business/houseBrokerageUser: the people brokerage is paid to, and adding one in a sheet. */
export function HouseBrokerageUserPage() {
  const [keyword, setKeyword] = useState('');
  const list = useBrokerageUserList(keyword);
  const add = useAddBrokerageUser();
  const [adding, setAdding] = useState(false);
  const { values, setValues, errors, set, validate } = useSchemaForm({ name: '', phone: '', bank_name: '', bank_card: '' });
  const submit = async () => {
    if (!validate(houseBrokerageUserFormSchema)) return;
    try {
      await add.mutateAsync(values);
      showToast({ content: t.saved, icon: 'success' });
      setValues({ name: '', phone: '', bank_name: '', bank_card: '' });
      setAdding(false);
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div>
      <div className="house-search">
        <SearchBar placeholder={t.searchPlaceholder} onSearch={setKeyword} onClear={() => setKeyword('')} />
      </div>
      <List>
        <LoadMoreList
          {...list}
          emptyText={t.emptyBrokerageUsers}
          renderItem={(u) => (
            <List.Item key={u.id} description={`${u.bank_name} ${u.bank_card}${u.channel_name ? ` · ${u.channel_name}` : ''}`} extra={u.phone}>
              {u.name}
            </List.Item>
          )}
        />
      </List>
      <div className="house-actions">
        <Button color="primary" onClick={() => setAdding(true)}>
          {t.addBrokerageUser}
        </Button>
      </div>
      <Popup visible={adding} onMaskClick={() => setAdding(false)} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }}>
        <List header={t.addBrokerageUser}>
          <Field label={t.name} error={errors.name}>
            <Input placeholder={t.namePlaceholder} value={values.name} onChange={set('name')} maxLength={30} />
          </Field>
          <Field label={t.phone} error={errors.phone}>
            <Input placeholder={t.phonePlaceholder} value={values.phone} onChange={set('phone')} maxLength={11} type="tel" />
          </Field>
          <Field label={t.bankName} error={errors.bank_name}>
            <Input placeholder={t.bankNamePlaceholder} value={values.bank_name} onChange={set('bank_name')} maxLength={50} />
          </Field>
          <Field label={t.bankCard} error={errors.bank_card}>
            <Input placeholder={t.bankCardPlaceholder} value={values.bank_card} onChange={set('bank_card')} maxLength={19} inputMode="numeric" />
          </Field>
        </List>
        <div className="house-actions">
          <Button color="primary" loading={add.isPending} onClick={() => void submit()}>
            {t.submit}
          </Button>
        </div>
      </Popup>
    </div>
  );
}

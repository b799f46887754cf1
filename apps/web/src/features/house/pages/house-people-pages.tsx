import { formatFen } from '@crm/domain/money';
import { houseBrokerageUserFormSchema, houseRecommendFormSchema } from '@crm/domain/house';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddBrokerageUser, useBrokerageUserList } from '../api/brokerage-users.ts';
import { useAddHouseRecommend, useRecommendList } from '../api/house-recommends.ts';
import { ChannelField, useChannelParam } from '../components/channel-field.tsx';
import { RecommendSheet } from '../components/recommend-sheet.tsx';
import { Rows } from '../components/row-list.tsx';
import { houseTexts as t } from '../texts.ts';
import {
  AddFormPage,
  HouseAction,
  HouseAddForm,
  HouseInput,
  HouseSearch,
  NameField,
  PhoneField,
  RemarkField,
} from '../components/house-form.tsx';
import '../components/house.css';

const BLANK_RECOMMEND = { name: '', phone: '', channel_id: null as number | null, intent_amount: '', remark: '' };
const BLANK_RECEIVER = { name: '', phone: '', bank_name: '', bank_card: '', channel_id: null as number | null };

/** /business/houseRecommendList: a tap on a row opens the recommendation's record in a sheet. */
export function HouseRecommendListPage() {
  const navigate = useNavigate();
  const list = useRecommendList();
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <div>
      <Rows
        list={list}
        emptyText={t.emptyRecommends}
        row={(r) => ({
          title: r.name,
          description: `${r.phone}${r.channel_name ? ` · ${r.channel_name}` : ''}${r.remark ? ` · ${r.remark}` : ''}`,
          extra: r.intent_amount_fen > 0 ? `${formatFen(r.intent_amount_fen)}` : undefined,
          onClick: () => setOpened(r.id),
        })}
      />
      <HouseAction onClick={() => void navigate('/business/houseRecommendAdd')}>{t.addRecommend}</HouseAction>
      <RecommendSheet id={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

/** /business/houseRecommendAdd; from a channel's page (?channel=ID) the person comes through that channel. */
export function HouseRecommendAddPage() {
  const add = useAddHouseRecommend();
  const channelId = useChannelParam();
  return (
    <AddFormPage
      title={t.addRecommend}
      form={{
        schema: houseRecommendFormSchema,
        initial: () => ({ ...BLANK_RECOMMEND, channel_id: channelId }),
        idPrefix: 'recommend',
      }}
      create={add}
      savedPath={() => '/business/houseRecommendList'}
      rows={(form) => (
        <>
          <NameField form={form} />
          <PhoneField form={form} />
          <ChannelField form={form} />
          <HouseInput form={form} name="intent_amount" text="intentAmount" inputMode="decimal" />
          <RemarkField form={form} />
        </>
      )}
    />
  );
}

/** /business/houseBrokerageUser: the people brokerage is paid to, and adding one in a sheet. */
export function HouseBrokerageUserPage() {
  const [keyword, setKeyword] = useState('');
  const list = useBrokerageUserList(keyword);
  const add = useAddBrokerageUser();
  const [adding, setAdding] = useState(false);
  const form = useSchemaForm({
    schema: houseBrokerageUserFormSchema,
    initial: BLANK_RECEIVER,
    idPrefix: 'brokerage-user',
  });
  return (
    <div>
      <HouseSearch onSearch={setKeyword} />
      <Rows
        list={list}
        emptyText={t.emptyBrokerageUsers}
        row={(u) => ({
          title: u.name,
          description: `${u.bank_name} ${u.bank_card}${u.channel_name ? ` · ${u.channel_name}` : ''}`,
          extra: u.phone,
        })}
      />
      <HouseAction onClick={() => setAdding(true)}>{t.addBrokerageUser}</HouseAction>
      <Popup
        visible={adding}
        onMaskClick={() => setAdding(false)}
        bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
      >
        <HouseAddForm
          title={t.addBrokerageUser}
          form={form}
          send={() => add.mutateAsync(form.values)}
          pending={add.isPending}
          onSaved={() => {
            form.reset(BLANK_RECEIVER);
            setAdding(false);
          }}
        >
          <HouseInput form={form} name="name" text="receiverName" maxLength={30} />
          <PhoneField form={form} />
          <HouseInput form={form} name="bank_name" text="bankName" maxLength={50} />
          <HouseInput form={form} name="bank_card" text="bankCard" maxLength={23} inputMode="numeric" />
          <ChannelField form={form} noneText={t.receiverNoChannel} />
        </HouseAddForm>
      </Popup>
    </div>
  );
}

import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHouseList } from '../api/get-house-list.ts';
import { useHouseStatus } from '../api/house-status.ts';
import { ClientList, houseDetailPath } from '../components/client-list.tsx';
import { houseTexts as t } from '../texts.ts';
import { HouseAction, HouseSearch } from '../components/house-form.tsx';
import '../components/house.css';

/** /business/house: my home-loan clients, searched, filtered by status, paged. */
export function HouseListPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('0');
  const statuses = useHouseStatus();
  const list = useHouseList({ keyword, status: status === '0' ? null : Number(status) });

  return (
    <div>
      <HouseSearch onSearch={setKeyword} />
      <Tabs activeKey={status} onChange={setStatus}>
        <Tabs.Tab title={t.allStatuses} key="0" />
        {(statuses.data ?? []).map((o) => (
          <Tabs.Tab title={o.label} key={String(o.value)} />
        ))}
      </Tabs>
      <ClientList list={list} to={(client) => houseDetailPath(client.id)} />
      <HouseAction onClick={() => void navigate('/business/houseAdd')}>{t.addClient}</HouseAction>
    </div>
  );
}

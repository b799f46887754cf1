import { Picker } from 'antd-mobile';
import { useState } from 'react';
import { useKeyTabs } from '../../../components/key-tabs.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useHouseList } from '../api/get-house-list.ts';
import { useHouseTeam } from '../api/get-house-team.ts';
import { useAllotHouse, useHouseStaff } from '../api/house-allot.ts';
import { useChannelList } from '../api/house-channels.ts';
import { ClientItem } from '../components/client-item.tsx';
import { ClientList, houseDetailPath } from '../components/client-list.tsx';
import { ChannelList } from '../components/channel-list.tsx';
import { RowList } from '../components/row-list.tsx';
import { houseTexts as t } from '../texts.ts';
import { HouseSearch } from '../components/house-form.tsx';
import '../components/house.css';

/** /team/house: the leader's team's home-loan clients. */
export function TeamHousePage() {
  const [keyword, setKeyword] = useState('');
  const list = useHouseTeam(keyword);
  return (
    <div>
      <HouseSearch onSearch={setKeyword} />
      <ClientList list={list} to={(client) => houseDetailPath(client.id)} extra={(client) => client.owner_name} />
    </div>
  );
}

/** /team/houseChannel: a finance leader (job 4) allots channels and clients to salespeople. */
export function TeamHouseChannelPage() {
  const [tab, tabs] = useKeyTabs([
    { key: 'channel', title: t.allotChannels },
    { key: 'client', title: t.allotClients },
  ]);
  const channels = useChannelList({});
  const clients = useHouseList({});
  const staff = useHouseStaff();
  const allot = useAllotHouse();
  const [target, setTarget] = useState<{ kind: 'channel' | 'client'; id: number } | null>(null);

  const confirm = async (staffId: number) => {
    if (!target) return;
    try {
      await allot.mutateAsync({ kind: target.kind, id: target.id, staff_id: staffId });
      showToast({ content: t.allotted, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div>
      {tabs}
      {tab === 'channel' ? (
        <ChannelList
          list={channels}
          description={(c) => `${t.owner} ${c.owner_name}`}
          extra={() => t.allot}
          onPick={(c) => setTarget({ kind: 'channel', id: c.id })}
        />
      ) : (
        <RowList
          list={clients}
          emptyText={t.emptyClients}
          renderItem={(c) => (
            <ClientItem
              key={c.id}
              client={c}
              extra={`${c.owner_name} · ${t.allot}`}
              onClick={() => setTarget({ kind: 'client', id: c.id })}
            />
          )}
        />
      )}
      <Picker
        visible={target !== null}
        title={t.allotTo}
        columns={[(staff.data ?? []).map((s) => ({ label: s.name, value: s.id }))]}
        onClose={() => setTarget(null)}
        onConfirm={(v) => void confirm(Number(v[0]))}
        confirmText={t.confirm}
        cancelText={t.cancel}
      />
    </div>
  );
}

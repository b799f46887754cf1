import QRCode from 'qrcode';
import { contactWaySourceLabel, type ContactWayKind } from '@crm/domain/api/contactways';
import type { Clock } from '../clock.ts';
import { openSourcedFiling } from '../modules/chatter/index.ts';
import type { Db } from './client.ts';
import { contactWayCustomers, contactWays } from './schema/contactways.ts';

/**
 * 渠道活码's demo (decision 083; docs/demo-tour.md): three QRs of 王小明 (staff 1, WeCom `wangxiaoming`) that
 * 何管理 (50) made, for a channel, an activity and a partner, and five customers who came through them, each with
 * a customer file tagged with the source. 孙女士's file names 陈美玲's phone, whose case exists: the channel shows
 * one customer who became a case. More arrive by 模拟扫码添加 on the 渠道活码 page.
 */
export async function seedContactWaysDemo(db: Db, clock: Clock): Promise<void> {
  const at = clock();
  const ways: { name: string; kind: ContactWayKind; state: string }[] = [
    { name: '地推-人民广场', kind: 'channel', state: 'cwDemoRenmin01' },
    { name: '双十一低息活动', kind: 'activity', state: 'cwDemoDouble11' },
    { name: '链家张经理', kind: 'partner', state: 'cwDemoLianjia1' },
  ];
  const ids: number[] = [];
  for (const [i, way] of ways.entries()) {
    const qrCode = await QRCode.toDataURL(`https://work.weixin.qq.com/ca/demo?state=${way.state}`, {
      margin: 1,
      width: 240,
    });
    const [row] = await db
      .insert(contactWays)
      .values({
        corpId: 1,
        name: way.name,
        kind: way.kind,
        state: way.state,
        staffId: 1,
        configId: `demo-seed-contact-way-${i + 1}`,
        qrCode,
        createdBy: 50,
        createdAt: new Date(at.getTime() - (10 - i) * 86_400_000),
      })
      .returning({ id: contactWays.id });
    if (!row) throw new Error('demo contact way not created');
    ids.push(row.id);
  }
  const customers: { way: number; externalUserid: string; name: string; mobile: string; daysAgo: number }[] = [
    { way: 0, externalUserid: 'wmDemoQr000001', name: '孙女士', mobile: '13912345678', daysAgo: 8 },
    { way: 0, externalUserid: 'wmDemoQr000002', name: '周先生', mobile: '', daysAgo: 6 },
    { way: 0, externalUserid: 'wmDemoQr000003', name: '吴女士', mobile: '', daysAgo: 3 },
    { way: 1, externalUserid: 'wmDemoQr000004', name: '郑先生', mobile: '', daysAgo: 2 },
    { way: 2, externalUserid: 'wmDemoQr000005', name: '冯女士', mobile: '', daysAgo: 1 },
  ];
  for (const c of customers) {
    const way = ways[c.way];
    const wayId = ids[c.way];
    if (!way || wayId === undefined) continue;
    const addedAt = new Date(at.getTime() - c.daysAgo * 86_400_000);
    const filingId = await db.transaction(async (tx) => {
      const id = await openSourcedFiling(tx, {
        corpId: 1,
        externalUserid: c.externalUserid,
        staffId: 1,
        name: c.name,
        source: contactWaySourceLabel(way.kind, way.name),
        at: addedAt,
        mobile: c.mobile,
      });
      await tx.insert(contactWayCustomers).values({
        corpId: 1,
        contactWayId: wayId,
        externalUserid: c.externalUserid,
        staffId: 1,
        filingId: id,
        addedAt,
        createdAt: addedAt,
      });
      return id;
    });
    if (!filingId) throw new Error('demo customer file not opened');
  }
}

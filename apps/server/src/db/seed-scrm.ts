import { and, eq, isNull } from 'drizzle-orm';
import { chinaMonth } from '../modules/groupsend/index.ts';
import type { Clock } from '../clock.ts';
import type { Db } from './client.ts';
import { customerFilings } from './schema/chatter.ts';
import { groupSendRecipients, groupSends, groupSendTasks } from './schema/groupsend.ts';
import { chatScripts, chatScriptUses } from './schema/scripts.ts';
import { staff } from './schema/staff.ts';

/**
 * The WeCom customer operations' demo (issue 50 points 2 and 3, decision 080; docs/demo-tour.md): company 1's
 * approved scripts by topic, used a few times by 王小明 and 李建国; 李建国 (the team 1 leader, WeCom userid
 * `lijianguo`) owns three filed customers with tags and sources besides 王小明's 刘先生; one group send of
 * 李建国's this month whose results were fetched (王小明 sent it, 李建国 not yet), and three of 何管理's to 周女士, who
 * has thus had her four of the month (a new send shows her as over the limit).
 */
export async function seedScrmDemo(db: Db, clock: Clock): Promise<void> {
  const at = clock();
  const month = chinaMonth(at);
  await db
    .update(staff)
    .set({ wxworkId: 'lijianguo' })
    .where(and(eq(staff.corpId, 1), eq(staff.id, 2), isNull(staff.wxworkId)));

  const scripts = await db
    .insert(chatScripts)
    .values(
      (
        [
          [
            'product',
            '经营贷怎么介绍',
            '您好，我们合作银行的经营贷面向有营业执照满一年的企业主，额度按经营流水核定，可先电话了解您的情况。',
          ],
          [
            'product',
            '房抵贷适合谁',
            '名下有住房、需要较大额度的经营或消费资金，可以考虑房屋抵押贷款，期限更长、月供更低。',
          ],
          [
            'documents',
            '经营贷要准备的材料',
            '请准备：身份证、营业执照、近六个月的对公或个人经营流水、经营场所租赁合同。材料齐全后一般三个工作日内有结果。',
          ],
          ['documents', '房抵贷要准备的材料', '请准备：身份证、户口本、婚姻证明、房产证，以及收入或经营证明。'],
          [
            'fees',
            '综合成本怎么说',
            '签约前我们会把综合年化成本一次写清：利息、服务费和所有第三方费用都算在内，没有写在里面的费用一律不收。',
          ],
          [
            'fees',
            '服务费什么时候收',
            '服务费只在银行放款后按合同比例收取，放款前不收任何费用；如有人提前收费请直接联系公司投诉电话。',
          ],
          [
            'no-promise',
            '能不能保证批下来',
            '审批由银行独立决定，我们不能也不会承诺一定通过；我们能做的是帮您把材料准备完整、匹配合适的产品。',
          ],
          ['no-promise', '不做包装', '我们不会修改或美化您的流水、收入等材料，如实申请是对您和银行双方的保护。'],
        ] as const
      ).map(([topic, title, content]) => ({ corpId: 1, topic, title, content, updatedBy: 50, updatedAt: at })),
    )
    .returning({ id: chatScripts.id, title: chatScripts.title });
  const uses: [string, number, number][] = [
    ['经营贷要准备的材料', 1, 3],
    ['综合成本怎么说', 1, 2],
    ['能不能保证批下来', 2, 1],
  ];
  for (const [title, staffId, times] of uses) {
    const script = scripts.find((s) => s.title === title);
    if (!script) continue;
    for (let i = 0; i < times; i += 1)
      await db
        .insert(chatScriptUses)
        .values({ corpId: 1, scriptId: script.id, staffId, externalUserid: 'wmDemoLiu00002', usedAt: at });
    await db.update(chatScripts).set({ uses: times }).where(eq(chatScripts.id, script.id));
  }

  await db
    .update(customerFilings)
    .set({ tags: ['经营贷', '老客户'], source: '渠道活码·门店海报' })
    .where(and(eq(customerFilings.corpId, 1), eq(customerFilings.externalUserid, 'wmDemoLiu00002')));
  const mine = await db
    .insert(customerFilings)
    .values(
      (
        [
          ['wmDemoZhou0003', '周女士', ['经营贷', '复购'], '营销活动·家装节'],
          ['wmDemoWu000004', '吴先生', ['房抵'], '渠道活码·门店海报'],
          ['wmDemoZheng005', '郑女士', ['经营贷'], '朋友介绍'],
        ] as const
      ).map(([externalUserid, name, tags, source]) => ({
        corpId: 1,
        externalUserid,
        staffId: 2,
        name,
        tags: [...tags],
        source,
        createdAt: at,
      })),
    )
    .returning({ id: customerFilings.id, name: customerFilings.name });
  const [liu] = await db
    .select({ id: customerFilings.id })
    .from(customerFilings)
    .where(and(eq(customerFilings.corpId, 1), eq(customerFilings.externalUserid, 'wmDemoLiu00002')));
  const zhou = mine.find((f) => f.name === '周女士');
  const zheng = mine.find((f) => f.name === '郑女士');
  if (!liu || !zhou || !zheng) throw new Error('demo filings not found');

  // 李建国's send to the team's 经营贷 customers: 王小明 sent his part, 李建国 has not yet.
  const [leaderSend] = await db
    .insert(groupSends)
    .values({
      corpId: 1,
      createdBy: 2,
      text: '您好，本月经营贷有新的银行产品上线，综合年化成本签约前一次写明，欢迎咨询。',
      audience: { owner_ids: [], tags: ['经营贷'], sources: [] },
      month,
      fetchedAt: at,
      createdAt: at,
    })
    .returning({ id: groupSends.id });
  if (!leaderSend) throw new Error('demo send not created');
  await db.insert(groupSendTasks).values([
    { corpId: 1, sendId: leaderSend.id, staffId: 1, msgid: 'demo-seed-msg-1', status: 2, sentAt: at },
    { corpId: 1, sendId: leaderSend.id, staffId: 2, msgid: 'demo-seed-msg-2', status: 0 },
  ]);
  await db.insert(groupSendRecipients).values([
    { corpId: 1, sendId: leaderSend.id, filingId: liu.id, staffId: 1, month, status: 1, sentAt: at },
    { corpId: 1, sendId: leaderSend.id, filingId: zhou.id, staffId: 2, month, status: 0 },
    { corpId: 1, sendId: leaderSend.id, filingId: zheng.id, staffId: 2, month, status: 0 },
  ]);
  // Three of 何管理's to the 复购 customers (周女士): with 李建国's, her four of the month.
  for (const text of ['老客户回馈：续贷可享服务费优惠。', '家装节满减券已开放领取。', '年底资金安排提醒。']) {
    const [send] = await db
      .insert(groupSends)
      .values({
        corpId: 1,
        createdBy: 50,
        text,
        audience: { owner_ids: [], tags: ['复购'], sources: [] },
        month,
        fetchedAt: at,
        createdAt: at,
      })
      .returning({ id: groupSends.id });
    if (!send) throw new Error('demo send not created');
    await db
      .insert(groupSendTasks)
      .values({ corpId: 1, sendId: send.id, staffId: 2, msgid: `demo-seed-${send.id}`, status: 2, sentAt: at });
    await db
      .insert(groupSendRecipients)
      .values({ corpId: 1, sendId: send.id, filingId: zhou.id, staffId: 2, month, status: 1, sentAt: at });
  }
}

import { and, eq, isNull } from 'drizzle-orm';
import { DEMO_FOLLOWER_USERID, createDemoWecomAdapter } from '../adapters/wecom/index.ts';
import type { Clock } from '../clock.ts';
import { createChatterRepository, createChatterService } from '../modules/chatter/index.ts';
import type { Db } from './client.ts';
import { customerFilings, workbenchItems } from './schema/chatter.ts';
import { staff } from './schema/staff.ts';
import { CUSTOMER_FILINGS_PII, sealValues } from '../pii/fields.ts';

/**
 * The WeCom sidebar tool's demo (decision 055; README: /chattergee): 王小明 (1) is bound to the offline
 * WeCom's userid `wangxiaoming`, who follows its two demo external contacts; company 1 issues 100,000 points
 * into its pool and grants him 5,000 through the ledger; 刘先生 is filed, authenticated, has a wallet and
 * got 200 points; 陈女士 is not filed yet (the journey to try). Two workbench items point at the tool and
 * the calculator.
 */
export async function seedChatterDemo(db: Db, clock: Clock): Promise<void> {
  const at = clock();
  await db
    .update(staff)
    .set({ wxworkId: DEMO_FOLLOWER_USERID })
    .where(and(eq(staff.corpId, 1), eq(staff.id, 1), isNull(staff.wxworkId)));
  const repo = createChatterRepository(db);
  const service = createChatterService({
    repo,
    wecom: createDemoWecomAdapter(),
    recognizeIdCard: async () => ({ number: '', valid: false }),
    now: clock,
    publicUrl: 'http://localhost:3000',
  });
  await service.grantPoints(1, 2, 1, 5000, '季度积分发放（演示）', 'seed-demo-grant-1');

  const [filing] = await db
    .insert(customerFilings)
    .values(
      await sealValues(db, 1, CUSTOMER_FILINGS_PII, {
        corpId: 1,
        externalUserid: 'wmDemoLiu00002',
        staffId: 1,
        name: '刘先生',
        mobile: '13712345679',
        remark: '老客户，咨询经营贷',
        realName: '刘建华',
        idNumber: '11010519491231002X',
        authedAt: at,
        createdAt: at,
      }),
    )
    .returning({ id: customerFilings.id });
  if (!filing) throw new Error('demo filing not created');
  const mine = await repo.ensureAccount(1, 'staff', { staffId: 1 }, at);
  const wallet = await repo.ensureAccount(
    1,
    'wallet',
    { filingId: filing.id, walletCode: 'demo-wallet-liu-0000000000' },
    at,
  );
  await repo.transfer({
    corpId: 1,
    kind: 'send',
    fromAccountId: mine.id,
    toAccountId: wallet.id,
    amount: 200,
    actorStaffId: 1,
    filingId: filing.id,
    reason: '首单成交奖励',
    idempotencyKey: 'seed-demo-send-1',
    at,
  });
  await db.insert(workbenchItems).values([
    { corpId: 1, title: '积分钱包工具', url: '/chattergee/home', sort: 1, createdBy: 2, createdAt: at },
    { corpId: 1, title: '贷款计算器', url: '/calculator', sort: 2, createdBy: 2, createdAt: at },
  ]);
}

import { describe, it } from 'vitest';
import { journeyPhones, moveCase } from '../support/journey.ts';

const phoneOf = journeyPhones();

describe('financing agreement journey (decision 051)', () => {
  it(
    'shows a draft agreement from the case detail, and the signing centre’s approval freezes it',
    { timeout: 300_000 },
    async () => {
      // 王小明 opens his case 黄志强 (审批中) from 我的报单 and its agreement from the detail.
      const owner = await phoneOf('13800000001');
      await owner.getByRole('link', { name: /我的报单/ }).click();
      await owner.waitForURL('**/business/list');
      await owner.getByText('黄志强').first().click();
      await owner.waitForURL(/\/business\/detail\/\d+$/);
      const caseUrl = new URL(owner.url()).pathname;
      await owner.getByRole('link', { name: '融资协议' }).click();
      await owner.waitForURL(/\/business\/financePact\/\d+$/);
      const pactUrl = new URL(owner.url()).pathname;
      await owner.getByText('草稿：随报单变化，报单审批通过后条款冻结生效').waitFor();
      await owner.getByText('年利率').waitFor();
      await owner.getByText('4.35%').first().waitFor();
      await owner.getByText('真实年化（IRR）').waitFor();
      await owner.getByRole('table', { name: '还款计划' }).waitFor();

      // 张签约 approves the case on its page.
      const signer = await phoneOf('13800000003');
      await signer.goto(caseUrl);
      await moveCase(signer, '审批通过');
      await signer.getByRole('link', { name: '融资协议' }).click();
      await signer.getByText('已生效').first().waitFor();

      // The owner's agreement is now frozen, naming who approved it.
      await owner.goto(pactUrl);
      await owner.getByText('已生效').first().waitFor();
      await owner.getByText(/张签约 审批通过/).waitFor();
    },
  );
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { idNumber, journeyPhones, moveCase } from '../support/journey.ts';
import { RECEIPT_JPEG } from '../support/images.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

const timeline = (page: Page, step: string) =>
  page.locator('.adm-step-title', { hasText: step }).first().waitFor({ timeout: 15_000 });

describe('instalment case journey', () => {
  it(
    'takes a case in, follows it up, rejects it, wins the appeal and disburses it, each step by its role',
    { timeout: 300_000 },
    async () => {
      const name = `旅程客户${Date.now() % 10_000}`;

      // The salesperson takes the case in on the phone.
      const owner = await phoneOf('13800000001');
      await owner.getByRole('link', { name: /新增报单/ }).click();
      await owner.waitForURL('**/business/add');
      await owner.locator('#case-name').fill(name);
      await owner.locator('#case-phone').fill('13955556666');
      await owner.locator('#case-id_number').fill('1101051949123100');
      await owner.locator('#case-amount').fill('88000');
      await owner.getByRole('button', { name: '提交' }).click();
      // The shared rules speak before the server is asked, and what was typed stays.
      await owner.getByText('身份证号码格式错误').first().waitFor();
      expect(await owner.locator('#case-name').inputValue()).toBe(name);
      await owner.locator('#case-id_number').fill(idNumber('11010519900307123'));
      await owner.getByText('出生日期 1990-03-07 · 男').waitFor();
      await owner.locator('#case-term').click();
      await confirmPicker(owner);
      // A 签约人 opens the case's signing task: the signing centre works a case through its task (decision 065).
      await owner.locator('#case-sign_user_id').click();
      await confirmPicker(owner);
      await owner.getByRole('button', { name: '提交' }).click();
      await owner.waitForURL(/\/business\/detail\/\d+$/);
      const caseUrl = new URL(owner.url()).pathname;
      await timeline(owner, '提交报单');
      // The client signs the paper authorisation and the salesperson photographs it (decision 073): without it
      // the signing centre could not take the task, nor the case go to the bank.
      await owner.locator('.consent-tag', { hasText: '未授权' }).waitFor();
      await owner
        .locator('input.consent-file')
        .setInputFiles({ name: 'consent.jpg', mimeType: 'image/jpeg', buffer: RECEIPT_JPEG });
      await owner.locator('.consent-tag', { hasText: '已授权' }).waitFor();
      // The salesperson may not declare their own case signed.
      expect(await owner.getByRole('button', { name: '改为「审批中」' }).count()).toBe(0);

      // …finds it in "my cases" by name, phone masked.
      await owner.goto('/index');
      await owner.getByRole('link', { name: /我的报单/ }).click();
      await owner.waitForURL('**/business/list');
      await owner.getByPlaceholder('搜索姓名或手机尾号').fill(name);
      await owner.getByPlaceholder('搜索姓名或手机尾号').press('Enter');
      await owner.getByText('139****6666').first().waitFor();
      await owner.getByText(name).first().click();
      await owner.waitForURL(`**${caseUrl}`);

      // …and notes a follow-up with the next call.
      await owner.getByRole('link', { name: '添加跟进' }).click();
      await owner.waitForURL('**/business/pendingAdd/*');
      await owner.locator('#follow-up-note').fill('客户下午方便面签');
      await owner.getByRole('button', { name: '保存' }).click();
      await owner.waitForURL('**/business/pendingDetail/*');
      await owner.getByText('客户下午方便面签').waitFor();

      // The signing centre signs it, then the bank rejects it with a reason.
      const signer = await phoneOf('13800000003');
      await signer.getByRole('link', { name: /我的任务/ }).click();
      await signer
        .locator('.adm-list-item')
        .filter({ hasText: name })
        .first()
        .getByRole('button', { name: '领取' })
        .click();
      await signer.getByText('领取成功').waitFor();
      await signer.goto(caseUrl);
      await moveCase(signer, '审批中');
      await timeline(signer, '签约中 → 审批中');
      await moveCase(signer, '已拒绝', '征信异常');
      await timeline(signer, '审批中 → 已拒绝');

      // The salesperson appeals the rejection.
      await owner.goto(caseUrl);
      await owner.getByText('驳回原因：征信异常').waitFor();
      await owner.getByRole('link', { name: '申诉' }).click();
      await owner.waitForURL('**/business/appeal?client_id=*');
      await owner.locator('#appeal-reason').fill('客户征信异议已处理，附证明');
      await owner.getByRole('button', { name: '提交' }).click();
      await owner.locator('.case-row', { hasText: name }).getByText('待审核').waitFor();

      // The team leader approves it from the feedback data.
      const leader = await phoneOf('13800000002');
      await leader.getByRole('link', { name: /反馈数据/ }).click();
      await leader.waitForURL('**/team/appeal');
      const row = leader.locator('.case-row', { hasText: name });
      await row.getByRole('button', { name: '通过' }).click();
      await leader.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await leader.getByText('申诉已处理').first().waitFor();
      await row.waitFor({ state: 'detached' });

      // Back in approval, the signing centre carries it through to disbursement.
      await signer.reload();
      await timeline(signer, '已拒绝 → 审批中');
      await moveCase(signer, '审批通过');
      await moveCase(signer, '已放款');
      await timeline(signer, '审批通过 → 已放款');

      await owner.goto(caseUrl);
      await owner.locator('.adm-tag', { hasText: '已放款' }).first().waitFor();
      expect(await owner.locator('.adm-step-title').allTextContents()).toEqual([
        '提交报单 · 签约中',
        '签约中 → 审批中',
        '审批中 → 已拒绝',
        '申诉',
        '已拒绝 → 审批中',
        '审批中 → 审批通过',
        '审批通过 → 已放款',
      ]);
    },
  );

  it(
    'puts a case to customer service, which hands it to another salesperson with a reason',
    { timeout: 300_000 },
    async () => {
      const name = `协助客户${Date.now() % 10_000}`;
      // The team leader takes this case in himself; customer service hands it to 王小明.
      const owner = await phoneOf('13800000002');
      await owner.goto('/business/add');
      await owner.locator('#case-name').fill(name);
      await owner.locator('#case-phone').fill('13955557777');
      await owner.locator('#case-id_number').fill(idNumber('31010419880808123'));
      await owner.locator('#case-amount').fill('30000');
      await owner.locator('#case-term').click();
      await confirmPicker(owner);
      await owner.locator('.adm-checkbox').click();
      await owner.getByRole('button', { name: '提交' }).click();
      await owner.waitForURL(/\/business\/detail\/\d+$/);
      const caseUrl = new URL(owner.url()).pathname;
      await owner.getByText('已提交客服协助').waitFor();

      const service = await phoneOf('13800000004');
      await service.getByRole('link', { name: /客服协助/ }).click();
      await service.waitForURL('**/business/service');
      await service.locator('.case-row', { hasText: name }).click();
      await service.waitForURL('**/business/service_detail/*');
      await service.locator('#transfer-staff').click();
      // The first salesperson offered is 王小明 (id 1; the current owner is left out).
      await confirmPicker(service);
      await service.locator('#transfer-reason').fill('客户在王小明的片区');
      await service.getByRole('button', { name: '转交给其他业务员' }).click();
      await service.waitForURL('**/business/service');
      await service.getByText('已转交').first().waitFor();
      await service.locator('.case-row', { hasText: name }).waitFor({ state: 'detached' });

      // The leader still sees the case of his team, now held by 王小明, with the transfer on its timeline.
      await owner.goto(caseUrl);
      await owner.locator('.adm-step-description', { hasText: '转给 王小明：客户在王小明的片区' }).waitFor();
      await owner.locator('.adm-list-item', { hasText: '业务员' }).getByText('王小明').waitFor();
    },
  );
});

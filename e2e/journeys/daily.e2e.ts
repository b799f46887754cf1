import { describe, it } from 'vitest';
import { RECEIPT_JPEG } from '../support/images.ts';
import { idNumber, journeyPhones, moveCase } from '../support/journey.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

/*
 * Issue 9's day, through taps only (no typed URL after login): a salesperson's new case reaches the signer
 * it names, is signed, approved and disbursed; the salesperson records a repayment with a photo from the
 * case page, and the leader confirms it from the home page's to-do inbox.
 */
describe('a working day, from intake to a confirmed repayment', () => {
  it('flows from the salesperson to the signer, back, and to the leader', { timeout: 420_000 }, async () => {
    const name = `日常客户${Date.now() % 10_000}`;

    // 王小明 adds a case and names the signer (the first in the list: 张签约).
    const owner = await phoneOf('13800000001');
    await owner.getByRole('link', { name: /新增报单/ }).click();
    await owner.locator('#case-name').fill(name);
    await owner.locator('#case-phone').fill('13955557777');
    await owner.locator('#case-id_number').fill(idNumber('11010519880512123'));
    await owner.locator('#case-amount').fill('60000');
    await owner.locator('#case-term').click();
    await confirmPicker(owner);
    await owner.locator('#case-sign_user_id').click();
    await confirmPicker(owner);
    await owner.getByRole('button', { name: '提交' }).click();
    await owner.waitForURL(/\/business\/detail\/\d+$/);
    // The client's signed paper authorisation, photographed (decision 073): the signing centre may now take it.
    await owner
      .locator('input.consent-file')
      .setInputFiles({ name: 'consent.jpg', mimeType: 'image/jpeg', buffer: RECEIPT_JPEG });
    await owner.locator('.consent-tag', { hasText: '已授权' }).waitFor();

    // 张签约 finds it in 我的任务, takes it, records it signed, and opens the case from the task.
    const signer = await phoneOf('13800000003');
    await signer.getByRole('link', { name: /我的任务/ }).click();
    const task = signer.locator('.adm-list-item').filter({ hasText: name }).first();
    await task.getByRole('button', { name: '领取' }).click();
    await signer.getByText('领取成功').waitFor();
    await task.getByRole('button', { name: '登记结果' }).click();
    await signer.waitForURL('**/sign/update/*');
    await signer.getByText('已签约', { exact: true }).click();
    await signer.getByRole('button', { name: '提交' }).click();
    await signer.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await signer.getByText(`${name} · 已签约`).waitFor();
    await signer.getByRole('link', { name: '查看报单' }).click();
    await signer.waitForURL(/\/business\/detail\/\d+$/);

    // The bank approves and disburses (the signing centre follows the bank).
    await moveCase(signer, '审批通过');
    await moveCase(signer, '已放款');

    // 王小明 records a repayment from the case page, with a photo of the receipt.
    await owner.reload();
    await owner.getByText('已放款').first().waitFor();
    await owner.getByRole('link', { name: '还款记录' }).click();
    await owner.waitForURL('**/business/money?id=*');
    await owner.getByRole('button', { name: '登记还款' }).click();
    await owner.getByRole('textbox', { name: '还款金额（元）' }).fill('2000');
    await owner.locator('.adm-selector-item', { hasText: '现金' }).first().click();
    await owner
      .locator('input[type=file]:not([capture])')
      .first()
      .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: RECEIPT_JPEG });
    await owner.locator('.uploader__cell--done img').waitFor();
    await owner.getByRole('button', { name: '提交' }).click();
    await owner.getByRole('article', { name: '¥2,000.00' }).first().waitFor();

    // 李建国, the leader, confirms it from the to-do inbox.
    const leader = await phoneOf('13800000002');
    const inbox = leader.getByRole('region', { name: '待办' });
    await inbox.getByRole('link', { name: /待确认的还款/ }).click();
    await leader.waitForURL('**/business/moneyConfirm');
    await leader.getByText(name).first().click();
    await leader.waitForURL('**/business/money?id=*');
    const record = leader.getByRole('article', { name: '¥2,000.00' }).first();
    await record.getByRole('button', { name: '确认还款' }).click();
    await leader.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await record.getByText('已确认').waitFor();
  });
});

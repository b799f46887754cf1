import { describe, expect, it } from 'vitest';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

describe('FAQ and copilot journey (issue 14)', () => {
  it(
    'a salesperson searches the FAQ, opens an entry and its image, asks the copilot and taps a citation',
    { timeout: 300_000 },
    async () => {
      // 王小明 (1) from the home page's link to the FAQ.
      const phone = await phoneOf('13800000001');
      await phone.getByRole('button', { name: '问答与AI助手' }).click();
      await phone.waitForURL('**/faq/index');
      await phone.getByText('材料与补件').first().waitFor();

      // Search in Chinese, open the entry, its flow image full screen.
      const search = phone.locator('.faq-search input');
      await search.fill('补件要什么材料');
      await search.press('Enter');
      await phone.waitForURL(/\/faq\/list\?keyword=/);
      await phone.getByText('银行要求补件时需要准备哪些材料？').first().click();
      await phone.waitForURL(/\/faq\/detail\/\d+$/);
      await phone.getByText('补件要在银行给的时限内').waitFor();
      await phone.getByRole('button', { name: '补件处理流程' }).click();
      await phone.locator('.adm-image-viewer-content').waitFor();
      await phone.locator('.faq-image-close button').click();
      await phone.locator('.adm-image-viewer-content').waitFor({ state: 'hidden' });
      await phone
        .getByRole('button', { name: /有帮助/ })
        .first()
        .click();
      await phone.getByText('感谢反馈').first().waitFor();

      // Ask the copilot (no model configured: the extractive answer), then follow its citation.
      await phone.getByRole('link', { name: '还有疑问？问AI助手' }).click();
      await phone.waitForURL('**/faq/copilot');
      await phone.getByPlaceholder(/输入你的问题/).fill('客户刚跳槽社保停了两个月，能不能申请');
      await phone.getByRole('button', { name: '发送' }).click();
      const cite = phone.getByRole('link', { name: /^出处1：/ }).last();
      await cite.waitFor({ timeout: 30_000 });
      const title = ((await cite.getAttribute('aria-label')) ?? '').replace(/^出处1：/, '');
      expect(title).toContain('社保');
      await cite.click();
      await phone.waitForURL(/\/faq\/detail\/\d+$/);
      await phone.getByRole('heading', { name: title }).waitFor();
    },
  );
});

import { describe, expect, it } from 'vitest';
import { renderCardImage, seededRandom } from '../../apps/server/src/adapters/ocr/card-images.ts';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

/** WeCom's chat sidebar on a phone is about this big (the tool bar and the chat header take the rest). */
const SIDEBAR_VIEWPORT = { width: 360, height: 600 };
const ID_NUMBER = '110105199003071239';

/*
 * The JS-SDK is faked at its boundary by the demo server itself (decision 055): the offline WeCom adapter
 * answers `demo: true`, the page lets the person pick the chat's external contact, and the cards it sends into
 * the chat land on window.__chattergeeCards, which this journey reads.
 */
describe('the WeCom sidebar wallet tool (decision 055)', () => {
  it(
    'files a customer, authenticates her, opens her wallet, sends points and sees both balances',
    { timeout: 300_000 },
    async () => {
      const page = await phoneOf('13800000001');
      await page.setViewportSize(SIDEBAR_VIEWPORT);
      await page.getByRole('button', { name: '钱包与积分工具' }).click();
      await page.waitForURL('**/chattergee/home');
      await page.getByText('请在企业微信的客户聊天侧边栏中打开本工具').waitFor();

      // The chat with 陈女士: not filed yet.
      await page.getByText('陈女士').click();
      await page.getByText('该客户尚未建档').waitFor();
      await page.getByRole('button', { name: '为客户建档' }).click();
      await page.waitForURL('**/chattergee/add/wmDemoChen0001');
      expect(await page.getByLabel('客户姓名').inputValue()).toBe('陈女士');
      await page.getByLabel('手机号').fill('13912345678');
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByText('建档成功').first().waitFor();
      await page.waitForURL('**/chattergee/home');

      // Real-name auth: the ID number and a photo of the card, which the server reads with OCR.
      await page.getByRole('button', { name: '实名认证' }).click();
      await page.getByLabel('身份证姓名').fill('陈静');
      await page.getByLabel('身份证号码').fill(ID_NUMBER);
      const card = await renderCardImage({
        kind: 'idCard',
        number: ID_NUMBER,
        random: seededRandom(16),
        noise: 0.1,
        maxRotation: 0.5,
      });
      await page.getByLabel('身份证人像面照片').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: card });
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByText('已实名：陈静（110105********1239）').waitFor({ timeout: 60_000 });

      // Open the wallet, then send points.
      await page.getByRole('button', { name: '开通钱包' }).click();
      await page.waitForURL('**/chattergee/purse/*');
      await page.getByRole('button', { name: '开通钱包' }).click();
      await page.getByText('钱包余额 0 积分').waitFor();
      await page.getByRole('button', { name: '赠送积分' }).click();
      await page.waitForURL('**/chattergee/send/wmDemoChen0001');
      await page.getByText('我的积分 4800 · 客户钱包 0').waitFor();
      await page.getByLabel('赠送积分').fill('30');
      await page.getByLabel('赠送原因').fill('首次建档奖励');
      await page.getByRole('button', { name: '赠送积分' }).click();
      await page.getByText('积分赠送成功，已赠送，积分卡片已发送到聊天').first().waitFor();
      await page.getByText('我的积分 4770 · 客户钱包 30').waitFor();

      const cards = await page.evaluate(() => (window as { __chattergeeCards?: unknown[] }).__chattergeeCards);
      expect(cards).toEqual([
        expect.objectContaining({ title: '您收到 30 积分', desc: '王小明 赠送：首次建档奖励。钱包余额 30 积分' }),
      ]);

      // Back in the chat's sidebar: the file shows the wallet.
      await page.goto('/chattergee/home');
      await page.getByText('钱包余额 30 积分').waitFor();
    },
  );
});

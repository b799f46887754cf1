import { describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

/** WeChat's own in-app browser: a visitor of the official account, no WeCom. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F36) NetType/WIFI Language/zh_CN';

describe('marketing activities journey (issue 17, decision 056)', () => {
  it(
    'a salesperson shares the test drive; a WeChat visitor books it, draws the lottery, claims a coupon the salesperson redeems, signs in at the fair; the ended lottery re-derives its pool',
    { timeout: 300_000 },
    async () => {
      // 王小明 opens 营销活动 from the home page and takes his share link of the test drive.
      const staff = await phoneOf('13800000001');
      await staff.getByRole('link', { name: /营销活动/ }).click();
      await staff.waitForURL('**/business/activity');
      await staff.getByRole('heading', { name: '营销活动', level: 1 }).waitFor();
      const carCard = staff.locator('.adm-card', { hasText: '新车试驾季' });
      await carCard.getByRole('img', { name: /^新车试驾季.*的分享二维码$/ }).waitFor();
      // The link is copied (with a toast) for a chat, not printed on the card.
      await staff.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await carCard.getByRole('button', { name: '复制链接' }).click();
      await staff.getByText('已复制分享链接，可粘贴到聊天中发送').waitFor();
      const shareLink = await staff.evaluate(() => navigator.clipboard.readText());
      expect(shareLink).toMatch(/\/activity\/car\/register\/\d+\?ref=s1\./);

      const browser = await launchBrowser();
      try {
        const { page: visitor } = await newPhone(browser, WECHAT_USER_AGENT);
        // The section's bare address is its test page (spec §2: empty redirects to test).
        await visitor.goto('/activity');
        await visitor.waitForURL('**/activity/test');
        await visitor.getByRole('heading', { name: '活动', level: 1 }).waitFor();
        // The link goes through WeChat's silent authorisation (the offline stand-in in demo mode) and back.
        await visitor.goto(new URL(shareLink).pathname + new URL(shareLink).search);
        await visitor.locator('#act-name').waitFor();
        await visitor.locator('#act-name').fill('赵访客');
        await visitor.locator('#act-phone').fill('13600000077');
        await visitor.locator('#act-car_model').selectOption('天籁');
        const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
        await visitor.locator('#act-date').fill(today);
        await visitor.getByRole('button', { name: '提交' }).click();
        await visitor.waitForURL('**/activity/car/success**');
        await visitor.getByText('预约成功').waitFor();

        // The booking shows on the salesperson's list, attributed to him.
        await staff.reload();
        await staff.locator('.adm-card', { hasText: '新车试驾季' }).getByRole('link', { name: '查看名单' }).click();
        await staff.getByText('赵访客').waitFor();
        await staff.getByText(/天籁 · .* · 分享人：王小明/).waitFor();

        // The lottery: the page publishes the pool's hashes, asks for the phone, then draws once.
        await visitor.goto('/activity/lottery?id=2');
        await visitor.getByText('五一幸运大抽奖').first().waitFor();
        await visitor.getByText(/种子承诺 SHA-256: [0-9a-f]{64}/).waitFor();
        await visitor.getByRole('link', { name: '验证手机号' }).click();
        await visitor.locator('#act-phone').fill('13600000077');
        await visitor.getByRole('button', { name: '获取验证码' }).click();
        await expect.poll(() => visitor.locator('#act-code').inputValue(), { timeout: 90_000 }).toMatch(/^\d{6}$/);
        await visitor.getByRole('button', { name: '验证' }).click();
        await visitor.getByRole('button', { name: '立即抽奖' }).click();
        await visitor.waitForURL('**/activity/lottery/Prize**');
        await visitor.getByText('抽奖结果').waitFor();
        await expect.poll(() => visitor.locator('.act-card').first().textContent()).toMatch(/恭喜您抽中|谢谢参与/);
        await visitor.goto('/activity/lottery?id=2');
        await visitor.getByText('您已参与过本次抽奖').waitFor();

        // The coupon: claimed once (the phone is proved already), its code redeemed by the salesperson.
        await visitor.goto('/activity/coupon?id=3');
        await visitor.getByRole('button', { name: '立即领取' }).click();
        await visitor.waitForURL('**/activity/coupon/success**');
        const code = (await visitor.locator('.act-code').textContent()) ?? '';
        expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
        await staff.goto('/business/activity');
        await staff.getByLabel('券码').fill(code.toLowerCase());
        await staff.getByRole('button', { name: '核销' }).click();
        await staff.getByText('已核销：家装节满减券 · 满5000减300').first().waitFor();

        // The fair: register, answer the questionnaire, see the sign-in; the booth's list shows the visitor.
        await visitor.goto('/activity/signin?id=4');
        await visitor.getByRole('link', { name: '报名签到' }).click();
        await visitor.locator('#act-name').fill('钱观展');
        await visitor.locator('#act-phone').fill('13600000079');
        await visitor.getByRole('button', { name: '提交' }).click();
        await visitor.waitForURL('**/activity/signin/subscribe**');
        await visitor.getByLabel('90-140㎡').check();
        await visitor.getByLabel('半年内').check();
        await visitor.getByRole('button', { name: '提交' }).click();
        await visitor.waitForURL('**/activity/signin/success**');
        await visitor.getByText('签到成功').waitFor();
        await visitor.goto('/activity/signin/list?id=4');
        await visitor.getByText(/春季家装博览会 · 观展签到 · /).waitFor();
        await staff.goto('/business/activityData/4');
        await staff.getByText('钱观展').waitFor();

        // The ended lottery shows its seed; the phone re-derives the pool and checks both published hashes.
        await visitor.goto('/activity/lottery?id=5');
        await visitor.getByText(/已公开的种子: [0-9a-f]{64}/).waitFor();
        await visitor.getByRole('button', { name: '在本机核验奖池' }).click();
        await visitor.getByText('核验通过：种子与承诺一致，推导出的奖池与公布的哈希一致').waitFor();
      } finally {
        await browser.close();
      }
    },
  );
});

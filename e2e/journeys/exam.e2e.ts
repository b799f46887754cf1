import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

/*
 * Issue 13 on a phone, through taps: 王小明 starts the due compliance exam, answers some questions, loses the
 * network and gets it back, reloads (the attempt resumes with the time the server says is left), hands in and
 * sees his score; 李建国 marks 赵客服's short answer from 考试回顾.
 */

/** Taps an option of the question whose text contains `question`. */
async function choose(page: Page, question: string, option: string) {
  await page.locator('fieldset', { hasText: question }).getByText(option).click();
}

/** The countdown in seconds, as the page shows it (mm:ss). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByLabel('剩余时间').textContent()) ?? '';
  const [, m, s] = /(\d+):(\d\d)/.exec(text) ?? [];
  return Number(m) * 60 + Number(s);
}

describe('the exam centre', () => {
  it('start, answer, offline and back, reload and resume, hand in, see the score', { timeout: 300_000 }, async () => {
    const page = await phoneOf('13800000001');
    const context = page.context();
    await page.getByRole('link', { name: /参加考试/ }).click();
    await page.waitForURL('**/exam/center');
    await page.getByRole('link', { name: /2026 年第四季度合规考试/ }).click();
    await page.waitForURL('**/exam/paper/*');
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByLabel('剩余时间').waitFor();
    expect(await secondsLeft(page)).toBeGreaterThan(19 * 60);

    await choose(page, '必须核验的证件', '身份证原件');
    await choose(page, '可以将客户的身份证号码', '错误');
    await page.getByText('已答 2/5').waitFor();
    await page.locator('.exam-attempt__bar').getByText('已保存').waitFor();

    // Offline: the answer stays on the phone and says so; back online it is sent.
    await context.setOffline(true);
    await choose(page, '客户还款逾期时', '按公司流程提醒并记录');
    await page.locator('.exam-attempt__bar').getByText('1 题未保存，网络恢复后自动保存').waitFor();
    await context.setOffline(false);
    await page.locator('.exam-attempt__bar').getByText('已保存').waitFor({ timeout: 15_000 });

    // A reload (or a closed WeCom window) loses nothing: the attempt resumes with the server's time.
    const before = await secondsLeft(page);
    await page.reload();
    await page.getByLabel('剩余时间').waitFor({ timeout: 20_000 });
    await page.getByText('已答 3/5').waitFor();
    const after = await secondsLeft(page);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 60);

    await choose(page, '向客户介绍产品时', '正确');
    await page.getByText('已答 4/5').waitFor();
    await page.getByRole('button', { name: '交卷' }).click();
    await page.getByText('还有 1 题未作答，确定交卷吗？交卷后不能修改。').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/exam/detail/*');
    // Four of five right, 20 points each; the paper shows the right answers once graded.
    await page.getByText('80 / 100 分').waitFor();
    await page
      .getByText(/正确答案/)
      .first()
      .waitFor();
  });

  it('the leader marks a short answer waiting in 考试回顾', { timeout: 300_000 }, async () => {
    const page = await phoneOf('13800000002');
    await page.getByRole('link', { name: /考试回顾/ }).click();
    await page.waitForURL('**/exam/list');
    await page.locator('.adm-tabs-tab', { hasText: '待阅卷' }).click();
    await page.getByRole('link', { name: /赵客服 · 产品知识测验/ }).click();
    await page.waitForURL('**/exam/detail/*');
    await page.getByText('参考答案：', { exact: false }).first().waitFor();
    await page.getByPlaceholder('0–40 的整数').fill('35');
    await page.getByRole('button', { name: '保存评分' }).click();
    await page.getByText('评分已保存').waitFor();
    // 30 for the single choice, 0 for the wrong judgement, 35 for the short answer.
    await page.getByText('65 / 100 分').waitFor();
    await page.getByText('通过', { exact: true }).waitFor();
  });
});

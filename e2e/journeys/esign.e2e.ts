import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();
let clientBrowser: Browser;
beforeAll(async () => {
  clientBrowser = await launchBrowser();
});
afterAll(() => clientBrowser.close());

/** Saves what a tap downloads and answers the file's path. */
async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'esign-e2e-')), file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

describe('electronic signing journey (decision 054)', () => {
  it(
    'a salesperson sends an order, the client signs by drawing on the phone, the salesperson downloads the sealed PDF and the certificate',
    { timeout: 300_000 },
    async () => {
      // 王小明 opens his case 黄志强 and starts an e-sign order from it.
      const owner = await phoneOf('13800000001');
      await owner.getByRole('link', { name: /我的报单/ }).click();
      await owner.getByText('黄志强').first().click();
      // The owner too sees the ID number masked until 查看, which the server logs (issue 38, decision 065).
      const idRow = owner.locator('.adm-list-item', { hasText: '身份证号' }).first();
      await idRow.getByRole('button', { name: '查看完整身份证号' }).click();
      await expect.poll(() => idRow.innerText()).toMatch(/\d{17}[\dX]/);
      const idNumber = /\d{17}[\dX]/.exec(await idRow.innerText())?.[0] ?? '';
      expect(idNumber).toHaveLength(18);
      await owner.getByRole('link', { name: '电子签约' }).click();
      await owner.getByRole('button', { name: '生成签署文件' }).click();
      const linkText = await owner.getByText(/\/interface\/esign\?t=/).innerText();
      const link = /\/interface\/esign\?t=[\w-]+/.exec(linkText)?.[0] ?? '';

      // The client opens the link on their phone (no staff login), identifies, reads and signs.
      const { page: client } = await newPhone(clientBrowser);
      await client.goto(link);
      // The client's page speaks the client's word, not the staff's 预处理申请.
      await client.getByRole('heading', { name: '签署合同' }).waitFor();
      await client.getByRole('button', { name: '获取验证码' }).click();
      const demo = await client.getByText(/演示环境验证码：\d{6}/).innerText();
      await client.getByLabel('短信验证码').fill(/\d{6}/.exec(demo)?.[0] ?? '');
      await client.getByLabel('身份证号').fill(idNumber);
      await client.getByRole('button', { name: '验证身份' }).click();
      await client.getByRole('heading', { name: '借款申请书' }).waitFor();
      await client.getByRole('button', { name: '下一页' }).click();
      await client.getByRole('heading', { name: '个人信息查询及使用授权书' }).waitFor();
      await client.getByRole('button', { name: '下一页' }).click();
      await client.getByRole('heading', { name: '居间服务协议' }).waitFor();
      const pad = await client.locator('canvas.esign-pad').boundingBox();
      if (!pad) throw new Error('no signature pad');
      await client.mouse.move(pad.x + 30, pad.y + 100);
      await client.mouse.down();
      for (const [dx, dy] of [
        [80, 40],
        [140, 110],
        [200, 50],
        [260, 120],
      ] as const)
        await client.mouse.move(pad.x + dx, pad.y + dy, { steps: 8 });
      await client.mouse.up();
      // Consent by a thumb on the sentence itself (not only its 22 px circle), as a client does.
      await client.getByText('我已阅读全部内容，同意以电子签名方式签署上述文件').tap();
      await client.getByRole('button', { name: '同意并签署' }).click();
      await client.getByText('文件已加盖数字签名，任何改动都可被发现。').waitFor();

      // 王小明 sees it signed and downloads the sealed PDF and the completion certificate.
      await owner.goto('/interface/esign/list');
      await owner.getByText('已签署').first().click();
      const sealed = await download(owner, '下载签署后文件');
      const report = execFileSync('pdfsig', [sealed]).toString();
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Total document signed');
      const certificate = await download(owner, '下载完成证书');
      const certificateText = execFileSync('pdftotext', [certificate, '-']).toString();
      expect(certificateText).toContain('电子签署完成证书');
      // The certificate prints (and links) the public verify page (issue 48).
      expect(certificateText).toContain('/interface/esign/verify');
      await owner.getByRole('link', { name: '证据链' }).click();
      await owner.getByText(/证据链完整/).waitFor();

      // Anyone holding the PDF checks it on the public verify page, without logging in: the client taps there
      // from the signed screen. The sealed contract is valid and names the signer masked; one changed byte fails.
      await client.getByRole('link', { name: '核验签署文件' }).click();
      const picker = client.getByLabel('点击选择 PDF，或把文件拖到这里');
      await picker.setInputFiles(sealed);
      await client.getByText('有效：本平台签署的文件，签署后未被改动').waitFor();
      await client.getByText('黄**', { exact: true }).waitFor();
      const tampered = path.join(path.dirname(sealed), 'tampered.pdf');
      const bytes = fs.readFileSync(sealed);
      bytes[1000] = (bytes[1000] ?? 0) ^ 0x01;
      fs.writeFileSync(tampered, bytes);
      await picker.setInputFiles(tampered);
      await client.getByText('无效：文件在签署后被改动过').waitFor();
      expect(await client.getByText('黄**', { exact: true }).count()).toBe(0);
    },
  );
});

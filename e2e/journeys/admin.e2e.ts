import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

/** The exam paper file of docs/exam-papers.md, as an admin would pick it on their computer. */
const EXAMPLE_PAPER = fileURLToPath(new URL('../../apps/server/exam-papers/example-compliance.yaml', import.meta.url));

/** The staff template's sample (fixtures/import, decision 059), as an admin would pick it. */
const STAFF_SAMPLE = fileURLToPath(new URL('../../fixtures/import/staff-sample.xlsx', import.meta.url));

/** The back office is mostly used from a computer's browser window (and fits a phone too, checked first). */
const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** 'YYYY-MM-DDTHH:mm' of a moment, as a datetime-local field takes it (the browser's zone). */
const localInput = (at: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

async function openSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, exact: true }).waitFor();
}

describe('the back office (issue 18, decision 057)', () => {
  it(
    '何管理 opens 管理后台 from home, lists each list, adds a staff member, grants and revokes the rejection approval, edits a notice and finds it in the audit log',
    { timeout: 300_000 },
    async () => {
      const serial = Date.now() % 100_000;
      const admin = await phoneOf('13800000050');
      // Opened on the phone itself, a page keeps the phone's width: its links run in a row above it instead
      // of beside it in a sidebar that would leave the page 190 px.
      await admin.goto('/admin/teams');
      const heading = admin.getByRole('heading', { name: '团队', exact: true });
      await heading.waitFor();
      expect((await heading.locator('..').boundingBox())?.width).toBeGreaterThan(360);
      // A section far along the row (试卷, past the phone's width) still shows its own link once opened.
      await openSection(admin, '试卷');
      const open = admin.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '试卷', exact: true });
      const link = await open.boundingBox();
      expect(link && link.x >= 0 && link.x + link.width <= (admin.viewportSize()?.width ?? 0)).toBe(true);
      // A section link is a 44 px tap target; a staff member's job boxes wrap as whole labels (a label squeezed
      // to one character a line was as tall as its characters).
      expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await openSection(admin, '员工');
      const jobLabel = admin.getByRole('group', { name: '岗位' }).first().locator('label', { hasText: '房贷管家' });
      const jobBox = await jobLabel.boundingBox();
      expect(jobBox && jobBox.width > jobBox.height).toBe(true);
      await admin.setViewportSize(DESKTOP_VIEWPORT);
      await admin.goto('/index');
      await admin.getByRole('link', { name: '管理后台' }).click();
      await admin.waitForURL('**/admin');
      await admin.getByRole('heading', { name: /管理后台/ }).waitFor();
      const nav = admin.getByRole('navigation', { name: '管理后台' });
      // A company admin's sidebar: no 公司 (that is the platform admin's).
      expect(await nav.getByRole('link', { name: '公司', exact: true }).count()).toBe(0);

      // Each list shows the demo company's seed rows.
      const lists: Array<[label: string, seen: string]> = [
        ['员工', '何管理'],
        ['团队', '销售'],
        ['公告', '本月起放款资料'],
        ['银行与支行', '招商银行'],
        ['产品', '招商银行'],
        ['渠道', '合作机构'],
        ['来源', '电话营销'],
        ['城市', '上海市'],
        ['试卷', 'compliance-2026q4'],
        ['问答', '营业执照要满多久'],
        ['同义词', '放款、落袋、到卡'],
        ['未解答问题', '停车场怎么收费'],
        ['营销活动', 'demo-coupon'],
        ['审计日志', ''],
      ];
      for (const [label, seen] of lists) {
        await openSection(admin, label);
        await admin
          .getByRole('table', { name: label })
          .or(admin.getByText(/暂无|还没有|列表为空/))
          .first()
          .waitFor();
        if (seen) await admin.getByRole('table', { name: label }).getByText(seen).first().waitFor();
      }
      await openSection(admin, '规则');
      expect(await admin.getByLabel('客户保护期（天）').inputValue()).toMatch(/^\d+$/);

      // A new staff member, a signer in the first team.
      await openSection(admin, '员工');
      const name = `新员工${serial}`;
      const addForm = admin.getByRole('region', { name: '添加员工' });
      await addForm.getByLabel('姓名').fill(name);
      await addForm.getByLabel('手机号').fill(`139${String(serial).padStart(8, '0')}`);
      await addForm.getByLabel('签约').check();
      await addForm.getByRole('button', { name: '添加' }).click();
      await admin.getByText('已添加').first().waitFor();
      await admin.getByLabel('按姓名或手机号查找').fill(name);
      await admin.getByRole('button', { name: '查找' }).click();
      const row = admin.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getByText('签约', { exact: true }).count()).toBe(1);

      // The rejection-approval grant, given and taken back.
      await row.getByRole('button', { name: '授予驳回审批' }).click();
      await row.getByRole('button', { name: '取消驳回审批' }).waitFor();
      expect(await row.getByText('驳回审批', { exact: true }).count()).toBe(1);
      await row.getByRole('button', { name: '取消驳回审批' }).click();
      await row.getByRole('button', { name: '授予驳回审批' }).waitFor();

      // A notice published, then edited; the edit is in the audit log with the text before and after.
      await openSection(admin, '公告');
      const first = `演示公告${serial}`;
      const edited = `改后公告${serial}`;
      const noticeForm = admin.getByRole('region', { name: '发布公告' });
      await noticeForm.getByLabel('公告内容').fill(first);
      await noticeForm.getByLabel('开始时间').fill(localInput(new Date(Date.now() - 60_000)));
      await noticeForm.getByRole('button', { name: '添加' }).click();
      const noticeRow = admin.getByRole('row').filter({ hasText: first });
      await noticeRow.waitFor();
      await noticeRow.getByRole('button', { name: '编辑' }).click();
      const editForm = admin.getByRole('region', { name: '修改公告' });
      await editForm.getByLabel('公告内容').fill(edited);
      await editForm.getByRole('button', { name: '保存' }).click();
      await admin.getByRole('row').filter({ hasText: edited }).waitFor();

      // The example paper file, uploaded as the exam:load command loads it.
      await openSection(admin, '试卷');
      await admin.getByLabel('选择文件').setInputFiles(EXAMPLE_PAPER);
      await admin.getByRole('button', { name: '上传' }).click();
      await admin.getByRole('table', { name: '试卷' }).getByText('compliance-2027q1').waitFor();

      await openSection(admin, '审计日志');
      await admin.getByRole('row').filter({ hasText: 'paper.upload' }).first().waitFor();
      const entry = admin.getByRole('row').filter({ hasText: 'notice.update' }).filter({ hasText: edited }).first();
      await entry.waitFor();
      expect(await entry.getByText('何管理').count()).toBe(1);
      expect(await entry.getByText(new RegExp(first)).count()).toBe(1);
      await admin.getByRole('row').filter({ hasText: 'staff.add' }).filter({ hasText: name }).first().waitFor();

      // The home banner shows the edited notice.
      await admin.getByRole('link', { name: '返回首页' }).click();
      await admin.getByText(edited).waitFor();
    },
  );

  it(
    '何管理 previews a staff XLSX row by row, and exports the case list to an XLSX with its progress',
    { timeout: 300_000 },
    async () => {
      const admin = await phoneOf('13800000050');
      await admin.setViewportSize(DESKTOP_VIEWPORT);
      await admin.goto('/admin');
      await admin.getByRole('heading', { name: /管理后台/ }).waitFor();

      // The preview reads every row and writes nothing (the other journeys share this demo company, so the
      // import itself is left to the API and page tests of decision 059).
      await openSection(admin, '数据导入');
      await admin.getByLabel('Excel 文件').setInputFiles(STAFF_SAMPLE);
      await admin.getByText('共 4 行：可导入 4 行，已存在 0 行（跳过），有错误 0 行').waitFor();
      await admin.getByRole('region', { name: '前 4 行预览' }).getByRole('row').nth(4).waitFor();
      await admin.getByRole('button', { name: '导入无误的 4 行' }).waitFor();

      await openSection(admin, '数据导出');
      await admin.getByRole('button', { name: '开始导出' }).click();
      await admin.getByText(/已导出 (\d+) \/ \1 行/).waitFor();
      const link = admin.getByRole('link', { name: '下载文件' });
      const href = await link.getAttribute('href');
      // The link works for this admin's session alone and answers an XLSX (a ZIP: PK\x03\x04).
      const file = await admin.request.get(href ?? '');
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    },
  );
});

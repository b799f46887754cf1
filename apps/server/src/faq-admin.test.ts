import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqEntries, faqImages, faqQuestions } from './db/schema/faq.ts';
import { runFaqAdmin } from './faq-admin.ts';
import { parseAuthoredMarkdown } from './modules/faq/faq-authoring.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createCompany, createStaff } from './test/factories.ts';
import { tinyPng } from './test/factories-faq.ts';

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await buildTestApp();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'faq-md-'));
});
afterAll(async () => {
  await test.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const write = (name: string, text: string) => fs.writeFileSync(path.join(folder, name), text);

describe('the FAQ authors’ command', () => {
  it('imports a Markdown folder with its images, and updates rather than duplicates on a second run', async () => {
    const corp = await createCompany(test.db);
    fs.writeFileSync(path.join(folder, 'flow.png'), await tinyPng());
    write(
      'mortgage.md',
      '---\ntitle: 抵押率怎么算\ntype: 产品政策\ncategory: 利率与额度\nkeywords: 抵押率\n---\n住宅一般七成。\n\n![流程](flow.png)\n',
    );
    write('broken.md', '没有属性块');
    const lines: string[] = [];
    expect(
      await runFaqAdmin(['import', folder, '--corp', String(corp.id)], test.db, test.now, (l) => lines.push(l)),
    ).toBe(1);
    expect(lines).toEqual([
      '跳过 broken: 缺少开头的 --- 属性块（title、type、category）',
      `已导入 1 条问答（公司 ${corp.id}）`,
    ]);
    write(
      'mortgage.md',
      '---\ntitle: 抵押率怎么算（更新）\ntype: 产品政策\ncategory: 利率与额度\n---\n住宅一般七成。\n\n![流程](flow.png)\n',
    );
    fs.rmSync(path.join(folder, 'broken.md'));
    expect(await runFaqAdmin(['import', folder, '--corp', String(corp.id)], test.db, test.now, () => undefined)).toBe(
      0,
    );
    const rows = (await test.db.select().from(faqEntries)).filter((r) => r.corpId === corp.id);
    expect(rows.map((r) => r.title)).toEqual(['抵押率怎么算（更新）']);
    const [image] = (await test.db.select().from(faqImages)).filter((r) => r.corpId === corp.id);
    expect(rows[0]?.body).toContain(`![流程](faq-image:${image?.id})`);
  });

  it('lists the questions the copilot could not answer', async () => {
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id);
    await test.db.insert(faqQuestions).values({
      corpId: corp.id,
      staffId: person.id,
      question: '停车场怎么收费',
      answer: '不知道',
      kind: 'unknown',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    const lines: string[] = [];
    expect(await runFaqAdmin(['unanswered', '--corp', String(corp.id)], test.db, test.now, (l) => lines.push(l))).toBe(
      0,
    );
    expect(lines).toEqual(['2026-06-01T00:00:00.000Z  停车场怎么收费', '共 1 个未能回答的问题']);
  });

  it('says how to use it when the arguments are wrong', async () => {
    const lines: string[] = [];
    expect(await runFaqAdmin(['import', folder], test.db, test.now, (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toMatch(/^usage:/);
  });

  it('names what a file lacks', () => {
    expect(parseAuthoredMarkdown('a', '---\ntitle: x\n---\n正文')).toBe('a: 缺少 type、category');
    expect(parseAuthoredMarkdown('a', '---\ntitle: x\ntype: t\ncategory: c\n---\n')).toBe('a: 正文为空');
  });
});

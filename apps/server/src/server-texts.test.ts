import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 45 point 4: every Chinese message of the server lives in its module's texts file, so a wording is
 * changed in one place and reviewed as text. A service that writes Chinese inline fails here.
 */

const modulesDir = fileURLToPath(new URL('./modules/', import.meta.url));

/**
 * Services still allowed Chinese inline, each with why. esign's PDF wording is being moved with the
 * long-term signature work (issue 48); the copilot's system prompt is an instruction to a model, kept beside
 * the code that assembles it.
 */
const ALLOWED = new Map([
  ['esign/esign.service.ts', 'the PDF certificate wording moves with issue 48'],
  ['faq/faq.service.ts', "the model's system prompt"],
]);

/** The code of a file without its comments (line comments, block comments and JSDoc lines). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');
}

const HAN = /[\u4e00-\u9fff]/;

function inlineChinese(file: string): string[] {
  return codeOf(fs.readFileSync(file, 'utf8'))
    .split('\n')
    .filter((line) => HAN.test(line))
    .map((line) => line.trim());
}

const services = fs
  .readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.service.ts'))
  .map((name) => name.split(path.sep).join('/'));

describe('server messages live in texts files', () => {
  it('finds the services', () => {
    expect(services.length).toBeGreaterThan(20);
  });

  it.each(services.filter((name) => !ALLOWED.has(name)))('%s writes no Chinese inline', (name) => {
    expect(inlineChinese(path.join(modulesDir, name))).toEqual([]);
  });

  it('notices a Chinese message written inline, and not one in a comment', () => {
    const sample = [
      '// 注释里的中文不算',
      '/** 文档注释也不算 */',
      "throw new RefusedError('报单不存在');",
      'const ok = T.missing; // 行尾注释：不算',
    ].join('\n');
    expect(
      codeOf(sample)
        .split('\n')
        .filter((line) => HAN.test(line)),
    ).toEqual(["throw new RefusedError('报单不存在');"]);
  });

  it('allows only services that still exist and still need it', () => {
    for (const name of ALLOWED.keys()) {
      const file = path.join(modulesDir, name);
      expect(fs.existsSync(file), name).toBe(true);
      expect(inlineChinese(file).length, `${name} no longer writes Chinese: drop it from ALLOWED`).toBeGreaterThan(0);
    }
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentTitleForPath, hasBackArrow, hasHeader, titleForPath } from './titles.ts';

const fixture = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../../fixtures/spec-routes.json'), 'utf8'),
) as { routes: Array<{ path: string }> };

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, '$1-1');

describe('titleForPath', () => {
  it.each(fixture.routes.map((route) => route.path))('gives %s a title', (path) => {
    expect(titleForPath(concrete(path), 'zh-CN')).toMatch(/\S/);
  });

  it.each([
    ['/login', '登录'],
    ['/', '登录'],
    ['/index', '首页'],
    ['/calculator', '贷款计算器'],
    ['/business/list', '我的报单'],
    ['/business/add', '新增报单'],
    ['/business/detail/7', '报单详情'],
    ['/business/upload', '上传凭证'],
    ['/business/proof', '凭证驳回'],
    ['/business/reject', '签约驳回'],
    ['/business/service', '客服协助'],
    ['/business/stat', '统计'],
    ['/business/financeAudit', '超限审批'],
    ['/exam/center', '考试中心'],
    ['/exam/list', '我的考试'],
    ['/exam/paper/3', '考试中'],
    ['/exam/detail/3', '试卷详情'],
    ['/sign/list/9/1', '任务中心'],
    ['/sign/list/9/2', '我的任务'],
    ['/sign/reject', '驳回审批'],
    ['/sign/house', '房贷对接'],
  ])('titles %s as %s', (path, title) => {
    expect(titleForPath(path, 'zh-CN')).toBe(title);
  });

  it('uses the spec English titles in en-US', () => {
    expect(titleForPath('/index', 'en-US')).toBe('Home');
    expect(titleForPath('/login', 'en-US')).toBe('Login');
  });

  it('knows nothing of unknown paths', () => {
    expect(titleForPath('/nowhere/at/all', 'zh-CN')).toBeUndefined();
  });
});

describe('header rules', () => {
  it.each(['/', '/login', '/index', '/outside/login', '/outside/register'])('hides the back arrow on %s', (path) => {
    expect(hasBackArrow(path)).toBe(false);
  });

  it.each(['/calculator', '/business/list', '/outside/list'])('shows the back arrow on %s', (path) => {
    expect(hasBackArrow(path)).toBe(true);
  });

  it.each(['/outside/index', '/outside/index/abc', '/admin', '/admin/staff'])('hides the header on %s', (path) => {
    expect(hasHeader(path)).toBe(false);
  });

  it('shows the header elsewhere', () => {
    expect(hasHeader('/outside/list')).toBe(true);
    expect(hasHeader('/index')).toBe(true);
  });
});

describe('documentTitleForPath', () => {
  it.each([
    ['/faq/index', '问答'],
    ['/chattergee/home', '钱包工具'],
    ['/activity/signin', '家装节'],
    ['/index', '首页'],
  ])('titles the document of %s as %s', (path, title) => {
    expect(documentTitleForPath(path)).toBe(title);
  });

  it('names a real-estate brokerage for the house-loan section', () => {
    expect(documentTitleForPath('/houseloan/list')).toMatch(/\S/);
  });
});

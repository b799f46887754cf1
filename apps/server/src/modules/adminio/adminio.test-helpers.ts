import { idCheckChar } from '@crm/domain/idcard';
import { IMPORT_COLUMNS } from '@crm/domain/api/adminio';
import type { TestApp } from '../../test/build-test-app.ts';
import { postFile } from '../../test/factories-money.ts';
import { createAdmin, createCompany } from '../../test/factories.ts';
import { newPartnerCookie, staffCookie } from '../../test/sessions.ts';
import { writeSheet } from './xlsx.ts';

type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T } };

/** A valid resident ID number, different for each `n` below 1,000 per birth year. */
export function idNumber(n: number, year = 1985): string {
  const first17 = `310101${year}0101${String(n % 1000).padStart(3, '0')}`;
  return `${first17}${idCheckChar(first17)}`;
}

/** The clients sheet's cells of one valid row, owned by the staff member with `ownerPhone`. */
export const clientRow = (n: number, ownerPhone: string): string[] => [
  `导入客户${n}`,
  `137${String(n).padStart(8, '0')}`,
  idNumber(n),
  '6222021234567890123',
  '50000',
  '12',
  ownerPhone,
  '',
];

export const staffRow = (n: number, over: Partial<Record<number, string>> = {}): string[] =>
  [`导入员工${n}`, `136${String(n).padStart(8, '0')}`, '', '', '否', ''].map((cell, i) => over[i] ?? cell);

export const sheet = (kind: 'staff' | 'clients', rows: string[][]) => writeSheet([...IMPORT_COLUMNS[kind]], rows);

export async function upload<T = unknown>(
  test: TestApp,
  cookie: string,
  kind: string,
  file: Buffer | null,
): Promise<Answer<T>> {
  const response = await postFile(test, '/api/admin/import/preview', { kind }, file, {
    cookie,
    filename: 'import.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  return { status: response.statusCode, body: response.json() };
}

export async function call<T = unknown>(
  test: TestApp,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const response = await test.app.inject({
    method,
    url: method === 'GET' ? `${url}?${new URLSearchParams(payload as Record<string, string>).toString()}` : url,
    headers: { cookie },
    ...(method === 'POST' ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

type Person = { id: number; corpId: number };

/**
 * The callers each back-office suite tries, made after company A's own staff: A's admin, a staff member of A
 * without the grant and a partner in their network, and the admin of company B, another tenant.
 */
export async function backOfficeCallers(test: TestApp, companyA: { admin: Person; plain: Person }) {
  const corpB = await createCompany(test.db, 'B公司');
  const adminB = await createAdmin(test.db, corpB.id, { name: 'B管理员' });
  return {
    corpB,
    adminB,
    admin: await staffCookie(test, companyA.admin),
    otherAdmin: await staffCookie(test, adminB),
    plain: await staffCookie(test, companyA.plain),
    partner: await newPartnerCookie(test, companyA.plain),
  };
}
export type BackOfficeCallers = Awaited<ReturnType<typeof backOfficeCallers>>;

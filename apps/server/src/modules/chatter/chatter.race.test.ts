import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Filing, SendPoint } from '@crm/domain/api/chatter';
import { pointAccounts, pointEntries, pointTransfers } from '../../db/schema/chatter.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { VALID_ID_NUMBER, grantPoints, scriptedIdOcr, wecomWithContacts } from '../../test/factories-chatter.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * Points never overdraw and a retried key never applies twice (decision 055), with 50 sends at once from
 * one account. Proves something only in the PostgreSQL pass (PGlite runs one query at a time); passes on
 * PGlite too. Without the conditional debit (`balance >= amount`) and the check constraint, PostgreSQL lets
 * concurrent debits each see the old balance; without the unique sender key, retries each move points.
 */
const AT = new Date('2026-05-04T02:00:00Z');
const wecom = wecomWithContacts([]);
const test = testAppForFile({ now: () => AT, wecom, ocr: scriptedIdOcr() });

type Body<T> = { code: number; msg: string; data: T };

async function walletWorld(tag: string, granted: number) {
  const corp = await createCompany(test.db);
  const me = await createStaff(test.db, corp.id, { wxworkId: `racer-${tag}` });
  const ext = `wmRace${tag}`;
  wecom.contacts.push({ externalUserid: ext, name: '客户', followUserIds: [`racer-${tag}`] });
  const cookie = await staffCookie(test, me);
  const filed = (
    await postForm(test.app, '/api/chattergee/addFiling', { external_userid: ext, name: '客户' }, { cookie })
  ).json<Body<Filing>>();
  await postFile(
    test,
    '/api/chattergee/authFiling',
    { id: filed.data.id, real_name: '陈静', id_number: VALID_ID_NUMBER },
    await makeJpeg(),
    {
      cookie,
    },
  );
  await postForm(test.app, '/api/chattergee/openPurse', { id: filed.data.id }, { cookie });
  await grantPoints(test.db, () => AT, me, granted, `grant-${tag}`);
  return { corp, me, ext, cookie };
}

const send = async (w: { ext: string; cookie: string }, amount: number, key: string) =>
  (
    await postForm(
      test.app,
      '/api/chattergee/sendPoint',
      { external_userid: w.ext, amount, reason: '并发赠送', idempotency_key: key },
      { cookie: w.cookie },
    )
  ).json<Body<SendPoint | null>>();

async function balances(corpId: number) {
  const accounts = await test.db.select().from(pointAccounts).where(eq(pointAccounts.corpId, corpId));
  const [entries] = await test.db
    .select({ sum: sql<string>`coalesce(sum(${pointEntries.amount}), 0)` })
    .from(pointEntries)
    .where(eq(pointEntries.corpId, corpId));
  return {
    staff: accounts.find((a) => a.kind === 'staff')?.balance,
    wallet: accounts.find((a) => a.kind === 'wallet')?.balance,
    entriesTotal: Number(entries?.sum),
  };
}

describe('sending points under concurrency', () => {
  it('50 sends of 30 from an account of 1000 at once: 33 go through, 17 are refused, nothing overdraws', async () => {
    const w = await walletWorld('a', 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(w, 30, `race-key-${i}-abcdef`)));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(33);
    const refused = answers.filter((a) => a.code === 1);
    expect(refused).toHaveLength(17);
    expect(refused.every((a) => a.msg === '积分余额不足')).toBe(true);
    expect(await balances(w.corp.id)).toEqual({ staff: 10, wallet: 990, entriesTotal: 0 });
    const sends = await test.db.select().from(pointTransfers).where(eq(pointTransfers.corpId, w.corp.id));
    expect(sends.filter((t) => t.kind === 'send')).toHaveLength(33);
  });

  it('the same key sent 50 times at once moves the points once; every answer names the one transfer', async () => {
    const w = await walletWorld('b', 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(w, 100, 'one-retried-key-123')));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data?.transfer_id)).size).toBe(1);
    expect(answers.filter((a) => a.data?.replayed === false)).toHaveLength(1);
    expect(await balances(w.corp.id)).toEqual({ staff: 900, wallet: 100, entriesTotal: 0 });
  });
});

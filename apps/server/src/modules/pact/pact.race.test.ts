import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financePacts } from '../../db/schema/pact.ts';
import { testAppAt } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createBankAndProduct, createCase } from '../../test/factories-cases.ts';
import { createSignTask } from '../../test/factories-house.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * An agreement is frozen exactly once per case (decision 051), also when its first reads race. Proves
 * something only in the PostgreSQL pass (PGlite runs one query at a time); passes on PGlite too. Without
 * the unique index `finance_pacts_one_per_case` PostgreSQL writes one agreement per concurrent reader.
 */
const test = testAppAt('2026-05-10T02:00:00Z');

describe('freezing an agreement under concurrent first reads', () => {
  it('eight first reads of an approved case at once write one agreement and all answer it', async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const owner = await createStaff(test.db, corp.id, { teamId: team.id });
    const readers = [
      owner,
      ...(await Promise.all(Array.from({ length: 7 }, () => createStaff(test.db, corp.id, { jobs: [2] })))),
    ];
    const { product } = await createBankAndProduct(test.db, corp.id, { feeType: 1, ratePpm: 3500 });
    // Approved before agreements existed: nothing frozen yet.
    const c = await createCase(test.db, owner, { status: 5, productId: product.id });
    // A signer reads only the cases whose signing they did (decision 065): each of these signed a round of it.
    for (const signer of readers.slice(1))
      await createSignTask(test.db, corp.id, { clientId: c.id }, { status: 'signed', signerId: signer.id });
    const cookies = await Promise.all(readers.map((person) => staffCookie(test, person)));
    const answers = await Promise.all(
      cookies.map(async (cookie) =>
        (await test.app.inject({ method: 'GET', url: `/api/crm/financePact?id=${c.id}`, headers: { cookie } })).json<{
          code: number;
          data: unknown;
        }>(),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(await test.db.select().from(financePacts).where(eq(financePacts.clientId, c.id))).toHaveLength(1);
  });
});

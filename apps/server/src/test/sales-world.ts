import type { TestApp } from './build-test-app.ts';
import { createCompany, createStaff, createTeam } from './factories.ts';
import { loginAs } from './http.ts';

/**
 * A company of its own with one team: a salesperson and a colleague in it, both signed in. Where the tests of
 * one seller's records start; a new company each call keeps tests that share an app apart.
 */
export async function salesWorld(test: TestApp) {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  return {
    corp,
    team,
    sales,
    colleague,
    cookies: { sales: await loginAs(test, sales), colleague: await loginAs(test, colleague) },
  };
}

import type { TestApp } from './build-test-app.ts';
import { createCompany, createStaff, createTeam } from './factories.ts';
import { loginAs } from './http.ts';
import { staffCookie } from './sessions.ts';

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

/**
 * A company of its own with two teams: in the first a salesperson, a colleague and their leader; the second
 * team's leader, a stranger to the first; and a leader in another company. Each comes with a staff session.
 */
export async function teamWorld(test: TestApp) {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const otherTeam = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
  const stranger = await createStaff(test.db, corp.id, { teamId: otherTeam.id, isLeader: true });
  const otherCorp = await createCompany(test.db);
  const outsider = await createStaff(test.db, otherCorp.id, {
    isLeader: true,
    teamId: (await createTeam(test.db, otherCorp.id)).id,
  });
  const cookie = (person: { corpId: number; id: number }) => staffCookie(test, person);
  return {
    corp,
    team,
    sales,
    colleague,
    leader,
    stranger,
    outsider,
    cookies: {
      sales: await cookie(sales),
      colleague: await cookie(colleague),
      leader: await cookie(leader),
      stranger: await cookie(stranger),
      outsider: await cookie(outsider),
    },
  };
}

import { chinaDay, type FairCheckin, type FairSignin } from '@crm/domain/api/fair';
import type { Clock } from '../../clock.ts';
import { RefusedError } from '../../errors.ts';
import { requireActor, type Access } from '../access/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { FairRepository } from './fair.repository.ts';
import { FAIR_TEXTS as T } from './fair.texts.ts';

export function createFairService({ repo, access, now }: { repo: FairRepository; access: Access; now: Clock }) {
  return {
    /** The company's fairs running today (China's day), the caller's check-in and who checked in, earliest first. */
    async signin(me: StaffIdentity): Promise<FairSignin> {
      requireActor(me, 'fair.list');
      const day = chinaDay(now());
      const running = await repo.fairsOn(me.corpId, day);
      const roster = await repo.rosters(
        me.corpId,
        running.map((fair) => fair.id),
        day,
      );
      return {
        day,
        fairs: running.map((fair) => {
          const rows = roster.filter((row) => row.fairId === fair.id);
          const mine = rows.find((row) => row.staffId === me.id);
          return {
            id: fair.id,
            name: fair.name,
            venue: fair.venue,
            starts_on: fair.startsOn,
            ends_on: fair.endsOn,
            my_checked_in_at: mine ? mine.checkedInAt.toISOString() : null,
            roster: rows.map((row) => ({
              staff_id: row.staffId,
              staff_name: row.staffName,
              checked_in_at: row.checkedInAt.toISOString(),
            })),
          };
        }),
      };
    },

    /** Checks the caller in at a fair running today; a second check-in the same day changes nothing. */
    async checkin(me: StaffIdentity, fairId: number): Promise<{ data: FairCheckin; msg: string }> {
      const fair = await access.require(me, 'fair.checkin', fairId);
      const at = now();
      const day = chinaDay(at);
      if (day < fair.startsOn || day > fair.endsOn) throw new RefusedError(T.notRunningToday);
      const result = await repo.checkInOnce({ corpId: me.corpId, fairId, staffId: me.id, day, at });
      return {
        data: { fair_id: fairId, day, checked_in_at: result.checkedInAt.toISOString(), already: result.already },
        msg: result.already ? T.alreadyCheckedIn : T.checkedIn,
      };
    },
  };
}
export type FairService = ReturnType<typeof createFairService>;

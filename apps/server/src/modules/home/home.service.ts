import type { Clock } from '../../clock.ts';
import type { UserInfo } from '@crm/domain/api/auth';
import { GRANT, JOB } from '@crm/domain/roles';
import { ForbiddenError } from '../../errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { HomeRepository } from './home.repository.ts';
import { HOME_TEXTS } from './home.texts.ts';

/** Holds the company's grant to approve rejected signings (the spec's "stored value 29"). */
const isRejectApprover = (me: StaffIdentity) => me.grants.includes(GRANT.SIGN_REJECT_APPROVE);

export function createHomeService({ repo, now }: { repo: HomeRepository; now: Clock }) {
  return {
    /** spec §7 userinfo: only the caller's own; asking for another id is refused, not answered. */
    async userinfo(me: StaffIdentity, requestedId: number): Promise<UserInfo> {
      if (requestedId !== me.id) throw new ForbiddenError(HOME_TEXTS.otherUser);
      const has = (job: number) => me.jobs.includes(job);
      // One statement answers the badges, the notices and a signing leader's signers (decision 060).
      const { total, signerList, notice, nearPool } = await repo.snapshot({
        corpId: me.corpId,
        staffId: me.id,
        teamId: me.teamId,
        now: now(),
        has: {
          service: has(JOB.SERVICE),
          remind: has(JOB.HOUSE_STEWARD),
          appeal: me.isLeader,
          sign: has(JOB.SIGNING),
          reject: has(JOB.SIGNING) && isRejectApprover(me),
          audit: has(JOB.HOUSE_FINANCE),
        },
        signers: me.isLeader && has(JOB.SIGNING),
      });
      return {
        id: me.id,
        total,
        signer_list: signerList,
        notice,
        near_pool: nearPool,
        user: {
          id: me.id,
          name: me.name,
          corp_id: me.corpId,
          corp_name: me.corpName,
          job: me.jobs,
          leader: me.isLeader,
          reject_approver: isRejectApprover(me),
          admin: me.grants.includes(GRANT.COMPANY_ADMIN) || me.grants.includes(GRANT.PLATFORM_ADMIN),
        },
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;

import type { BadgeCounts, UserInfo } from '@crm/domain/api/auth';
import { isRejectApprover, JOB } from '@crm/domain/roles';
import { ForbiddenError } from '../../errors.ts';
import type { StaffIdentity } from '../staff/staff.repository.ts';
import type { HomeRepository } from './home.repository.ts';

const none = async () => 0;

export function createHomeService({ repo, now = () => new Date() }: { repo: HomeRepository; now?: () => Date }) {
  async function badgeCounts(me: StaffIdentity, at: Date): Promise<BadgeCounts> {
    const has = (job: number) => me.jobs.includes(job);
    const [pending, service, remind, exam, appeal, sign, reject] = await Promise.all([
      repo.countDueFollowUps(me.corpId, me.id, at),
      has(JOB.SERVICE) ? repo.countOpenServiceRequests(me.corpId) : none(),
      has(JOB.HOUSE_STEWARD) ? repo.countWaitingHouseClients(me.corpId, me.id) : none(),
      repo.countOpenExams(me.corpId, me.id),
      me.isLeader && me.teamId !== null ? repo.countOpenTeamAppeals(me.corpId, me.teamId) : none(),
      has(JOB.SIGNING) ? repo.countSignTasks(me.corpId, 'open') : none(),
      has(JOB.SIGNING) && isRejectApprover(me.id) ? repo.countSignTasks(me.corpId, 'rejected') : none(),
    ]);
    return { pending, service, remind, exam, appeal, sign, reject };
  }

  return {
    /** spec §7 userinfo: only the caller's own; asking for another id is refused, not answered. */
    async userinfo(me: StaffIdentity, requestedId: number): Promise<UserInfo> {
      if (requestedId !== me.id) throw new ForbiddenError('无权查看其他用户的信息');
      const at = now();
      const isSigningLeader = me.isLeader && me.teamId !== null && me.jobs.includes(JOB.SIGNING);
      const [total, signerList, notice] = await Promise.all([
        badgeCounts(me, at),
        isSigningLeader && me.teamId !== null ? repo.listTeamSigners(me.corpId, me.teamId, me.id) : Promise.resolve([]),
        repo.listActiveNotices(me.corpId, at),
      ]);
      return {
        id: me.id,
        total,
        signer_list: signerList,
        notice,
        user: { id: me.id, name: me.name, corp_id: me.corpId, corp_name: me.corpName, job: me.jobs, leader: me.isLeader },
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;

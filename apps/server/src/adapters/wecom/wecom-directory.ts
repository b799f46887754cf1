import { WecomError } from './wecom.ts';
import { DEMO_FOLLOWER_USERID } from './wecom-chat.ts';

/*
 * WeCom's directory (通讯录) as the back office's sync reads it (decision 059): GET /cgi-bin/department/list
 * and GET /cgi-bin/user/list?department_id= (members of one department, their departments, whether they
 * lead each, their status). Kept apart from wecom-adapter.ts like the chat calls; the real adapter and the
 * demo one both spread these in.
 */

export interface WecomDepartment {
  id: number;
  name: string;
  /** 0 for the root department (the corp itself). */
  parentId: number;
}

export interface WecomMember {
  userid: string;
  name: string;
  /** Empty when WeCom does not give it: apps created after 2022-06-20 never get members' mobiles. */
  mobile: string;
  departments: number[];
  mainDepartment: number | null;
  /** The departments the member leads (is_leader_in_dept = 1, aligned with `department`). */
  leads: number[];
  position: string;
  /** WeCom's gender: '1' male, '2' female, '0' unknown. */
  gender: 0 | 1 | 2;
  /** 1 activated, 2 disabled, 4 not activated yet, 5 left the corp. */
  status: number;
}

export interface WecomDirectoryCalls {
  /** GET /cgi-bin/department/list: every department the app may see. */
  listDepartments(): Promise<WecomDepartment[]>;
  /** GET /cgi-bin/user/list?department_id=: the members of one department (not of its children). */
  listDepartmentMembers(departmentId: number): Promise<WecomMember[]>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const numbers = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number' && Number.isInteger(n)) : [];
const bad = (errmsg: string) => new WecomError({ reason: 'bad-response', errcode: -1, errmsg });

/** One member of user/list's `userlist`, read defensively (a field WeCom withholds is absent). */
export function readMember(raw: unknown): WecomMember {
  if (!isRecord(raw) || typeof raw.userid !== 'string' || raw.userid === '') throw bad('member without userid');
  const departments = numbers(raw.department);
  const leaderFlags = numbers(raw.is_leader_in_dept);
  const gender = raw.gender === '1' || raw.gender === 1 ? 1 : raw.gender === '2' || raw.gender === 2 ? 2 : 0;
  return {
    userid: raw.userid,
    name: typeof raw.name === 'string' && raw.name !== '' ? raw.name : raw.userid,
    mobile: typeof raw.mobile === 'string' ? raw.mobile : '',
    departments,
    mainDepartment: typeof raw.main_department === 'number' ? raw.main_department : (departments[0] ?? null),
    leads: departments.filter((_, i) => leaderFlags[i] === 1),
    position: typeof raw.position === 'string' ? raw.position : '',
    gender,
    status: typeof raw.status === 'number' ? raw.status : 1,
  };
}

/** The real calls, on the adapter's access-token plumbing. */
export function createWecomDirectoryCalls(
  callWithToken: (path: string, params: Record<string, string>) => Promise<Record<string, unknown>>,
): WecomDirectoryCalls {
  return {
    async listDepartments() {
      const body = await callWithToken('/cgi-bin/department/list', {});
      if (!Array.isArray(body.department)) throw bad('missing department');
      return body.department.map((raw) => {
        if (!isRecord(raw) || typeof raw.id !== 'number') throw bad('department without id');
        return {
          id: raw.id,
          name: typeof raw.name === 'string' ? raw.name : String(raw.id),
          parentId: typeof raw.parentid === 'number' ? raw.parentid : 0,
        };
      });
    },
    async listDepartmentMembers(departmentId) {
      const body = await callWithToken('/cgi-bin/user/list', { department_id: String(departmentId) });
      if (!Array.isArray(body.userlist)) throw bad('missing userlist');
      return body.userlist.map(readMember);
    },
  };
}

/**
 * The offline demo's directory: the corp (root), 销售一组 (the seed's team of that name) with 王小明 and its
 * leader 李建国 bound as in the seed and a new colleague, 陈新人, whom a sync adds; and the demo login member, whose mobile WeCom
 * withholds (a sync binds nobody by it; the first SMS login does).
 */
export const DEMO_DEPARTMENTS: readonly WecomDepartment[] = [
  { id: 1, name: '沪融信息服务', parentId: 0 },
  { id: 2, name: '销售一组', parentId: 1 },
];
/** A member as WeCom lists a plain one: activated, in the root department alone, leading none; `over` the rest. */
export const wecomMember = (over: Partial<WecomMember> & Pick<WecomMember, 'userid' | 'name'>): WecomMember => ({
  mobile: '',
  departments: [1],
  mainDepartment: 1,
  leads: [],
  position: '',
  gender: 0,
  status: 1,
  ...over,
});

export const DEMO_MEMBERS: readonly WecomMember[] = [
  wecomMember({
    userid: DEMO_FOLLOWER_USERID,
    name: '王小明',
    mobile: '13800000001',
    departments: [2],
    mainDepartment: 2,
    gender: 1,
  }),
  // 销售一组's leader, bound in the seed (decision 080's group-send demo names him in WeCom): a sync keeps him.
  wecomMember({
    userid: 'lijianguo',
    name: '李建国',
    mobile: '13800000002',
    departments: [2],
    mainDepartment: 2,
    leads: [2],
    position: '团队长',
    gender: 1,
  }),
  wecomMember({
    userid: 'chenxinren',
    name: '陈新人',
    mobile: '13800000088',
    departments: [2],
    mainDepartment: 2,
    position: '客服协助',
    gender: 2,
  }),
  wecomMember({ userid: 'demo-wecom-user', name: '演示成员' }),
];

export function createDemoWecomDirectory(
  directory: { departments: readonly WecomDepartment[]; members: readonly WecomMember[] } = {
    departments: DEMO_DEPARTMENTS,
    members: DEMO_MEMBERS,
  },
): WecomDirectoryCalls {
  return {
    async listDepartments() {
      return directory.departments.map((d) => ({ ...d }));
    },
    async listDepartmentMembers(departmentId) {
      if (!directory.departments.some((d) => d.id === departmentId))
        throw new WecomError({ reason: 'api', errcode: 60123, errmsg: 'invalid party id' });
      return directory.members
        .filter((m) => m.departments.includes(departmentId))
        .map((m) => ({ ...m, departments: [...m.departments], leads: [...m.leads] }));
    },
  };
}

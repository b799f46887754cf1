// Test helper: the directory endpoints of the fake WeCom server (fake-wecom-server.ts), with WeCom's shapes:
// GET /cgi-bin/department/list and GET /cgi-bin/user/list?department_id= (members of that department only).
import type { FakeWecomEndpoints } from './fake-wecom-server.ts';
import type { WecomDepartment, WecomMember } from './wecom-directory.ts';

export interface FakeDirectoryOptions {
  departments?: WecomDepartment[];
  members?: WecomMember[];
}

export interface FakeDirectory {
  departments: WecomDepartment[];
  members: WecomMember[];
  handle: FakeWecomEndpoints;
}

/** A member as WeCom's user/list writes it (is_leader_in_dept aligned with department, gender a string). */
const wire = (m: WecomMember) => ({
  userid: m.userid,
  name: m.name,
  department: m.departments,
  main_department: m.mainDepartment,
  is_leader_in_dept: m.departments.map((d) => (m.leads.includes(d) ? 1 : 0)),
  position: m.position,
  gender: String(m.gender),
  status: m.status,
  // Apps made after 2022-06-20 get no mobile: the field is then left out, as WeCom does.
  ...(m.mobile ? { mobile: m.mobile } : {}),
});

export function createFakeDirectory(opts: FakeDirectoryOptions = {}): FakeDirectory {
  const directory: FakeDirectory = {
    departments: opts.departments ?? [{ id: 1, name: '总部', parentId: 0 }],
    members: opts.members ?? [],
    handle(path, query, res, { send, fail, tokenOk }) {
      if (path === '/cgi-bin/department/list') {
        if (!tokenOk(res, query.access_token)) return true;
        send(res, {
          department: directory.departments.map((d) => ({ id: d.id, name: d.name, parentid: d.parentId, order: d.id })),
        });
        return true;
      }
      if (path === '/cgi-bin/user/list') {
        if (!tokenOk(res, query.access_token)) return true;
        const id = Number(query.department_id);
        if (!directory.departments.some((d) => d.id === id)) {
          fail(res, 60123, 'invalid party id');
          return true;
        }
        send(res, { userlist: directory.members.filter((m) => m.departments.includes(id)).map(wire) });
        return true;
      }
      return false;
    },
  };
  return directory;
}

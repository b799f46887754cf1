import { describe, expect, it } from 'vitest';
import { fakeWecomPerTest } from '../../test/fake-wecom.ts';
import { rejectionOf } from '../../test/rejection.ts';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError } from './wecom.ts';
import { DEMO_MEMBERS, wecomMember } from './wecom-directory.ts';

const CORP_ID = 'ww0123456789abcdef';
const SECRET = 'directory-secret';

const startFake = fakeWecomPerTest({ corpId: CORP_ID, secret: SECRET });

describe('the WeCom directory calls against the fake WeCom server', () => {
  it('lists departments and the members of one department with their mobile, leads, status and gender', async () => {
    const { fake, wecom } = await startFake('1000002', {
      directory: {
        departments: [
          { id: 1, name: '公司', parentId: 0 },
          { id: 7, name: '销售三组', parentId: 1 },
        ],
        members: [
          wecomMember({
            userid: 'zhangsan',
            name: '张三',
            mobile: '13912345678',
            departments: [1, 7],
            mainDepartment: 7,
            leads: [7],
            gender: 2,
          }),
          wecomMember({ userid: 'lisi', name: '李四', departments: [1], status: 5 }),
        ],
      },
    });
    expect(await wecom.listDepartments()).toEqual([
      { id: 1, name: '公司', parentId: 0 },
      { id: 7, name: '销售三组', parentId: 1 },
    ]);
    const seven = await wecom.listDepartmentMembers(7);
    expect(seven).toEqual([
      expect.objectContaining({
        userid: 'zhangsan',
        mobile: '13912345678',
        departments: [1, 7],
        mainDepartment: 7,
        leads: [7],
        gender: 2,
        status: 1,
      }),
    ]);
    // A member whose mobile WeCom withholds comes back without one, and the status of one who left is kept.
    expect(await wecom.listDepartmentMembers(1)).toEqual([
      expect.objectContaining({ userid: 'zhangsan' }),
      expect.objectContaining({ userid: 'lisi', mobile: '', status: 5, leads: [] }),
    ]);
    const calls = fake.requests.filter((r) => r.path === '/cgi-bin/user/list').map((r) => r.query.department_id);
    expect(calls).toEqual(['7', '1']);
    expect(fake.tokenRequests).toBe(1);
  });

  it("answers WeCom's refusal of an unknown department as a WecomError", async () => {
    const { wecom } = await startFake('1000002');
    const error = await rejectionOf(wecom.listDepartmentMembers(99), WecomError);
    expect(error).toMatchObject({ reason: 'api', errcode: 60123 });
  });

  it('offline (demo): the demo directory, and the same refusal for an unknown department', async () => {
    const demo = createDemoWecomAdapter();
    const departments = await demo.listDepartments();
    expect(departments.map((d) => d.name)).toContain('销售一组');
    const everyone = (await Promise.all(departments.map((d) => demo.listDepartmentMembers(d.id)))).flat();
    expect(new Set(everyone.map((m) => m.userid))).toEqual(new Set(DEMO_MEMBERS.map((m) => m.userid)));
    expect(await rejectionOf(demo.listDepartmentMembers(99), WecomError)).toMatchObject({ errcode: 60123 });
  });
});

import { describe, expect, it } from 'vitest';
import { createWecomAdapter } from '../../adapters/wecom/index.ts';
import { startFakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { testAppBesideFake } from '../../test/beside-fake.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase, createSignTask } from '../../test/factories-house.ts';
import { loginAs, postForm } from '../../test/http.ts';

const CORP_ID = 'ww-test-corp';
const SECRET = 'secret';

const { test, fake } = testAppBesideFake(
  () => startFakeWecomServer({ corpId: CORP_ID, secret: SECRET }),
  (started) => ({
    wecom: createWecomAdapter({ corpId: CORP_ID, agentId: '1', secret: SECRET, apiBase: started.apiBase }),
    config: { WECOM_APPROVAL_TEMPLATE_ID: 'tpl-sign-reject' },
  }),
);

describe('wxWorkApprove through the real WeCom adapter (fake server)', () => {
  it("applies with the signer's WeCom userid on the configured template", async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const signer = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2], wxworkId: 'zhengli' });
    const unbound = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2] });
    const sales = await createStaff(test.db, corp.id);
    const caseRow = await createCase(test.db, corp.id, sales.id, { name: '陈美玲' });
    const task = await createSignTask(
      test.db,
      corp.id,
      { clientId: caseRow.id },
      { status: 'rejected', signerId: signer.id, outcomeNote: '客户取消' },
    );
    const other = await createSignTask(
      test.db,
      corp.id,
      { clientId: (await createCase(test.db, corp.id, sales.id)).id },
      { status: 'rejected', signerId: unbound.id, outcomeNote: '资料不全' },
    );

    const response = await postForm(
      test.app,
      '/api/crm/wxWorkApprove',
      { id: task.id },
      { cookie: await loginAs(test, signer) },
    );
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: { sp_no: '20261121000001' } });
    expect(fake.approvals[0]).toMatchObject({
      creator_userid: 'zhengli',
      template_id: 'tpl-sign-reject',
      apply_data: {
        contents: [
          { id: 'Text-client', value: { text: '陈美玲' } },
          { id: 'Text-reason', value: { text: '客户取消' } },
        ],
      },
    });

    // The real adapter needs a WeCom member to apply as; an unbound account is told how to bind.
    const refused = await postForm(
      test.app,
      '/api/crm/wxWorkApprove',
      { id: other.id },
      { cookie: await loginAs(test, unbound) },
    );
    expect(refused.json()).toMatchObject({ code: 1, msg: '请先在企业微信中登录一次以绑定账号' });
    expect(fake.approvals).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCase, createMoneyWorld, uploadProofImage } from '../../test/factories-money.ts';
import { getForBody, loginAs, postForBody } from '../../test/http.ts';

const test = testAppForFile();

type Body<T = unknown> = { code: number; msg: string; data: T | null };
type Image = { id: number; url: string; thumb_url: string };
type Proof = {
  id: number;
  type: number;
  status: string;
  version: number;
  images: Image[];
  history: { version: number; images: Image[] }[];
  rejections: { reason: string; rejected_by: { name: string }; resolved_at: string | null }[];
  can_edit: boolean;
  can_reject: boolean;
};
type ProofList = { client: { id: number; name: string }; items: Proof[]; can_add: boolean };
type Rejections = {
  list: { id: number; proof_id: number; reason: string; client: { id: number }; images: Image[] }[];
  next_cursor: number | null;
};

const uploadImage = (cookie: string, clientId: number) => uploadProofImage(test, cookie, clientId);
const post = <T>(url: string, fields: Record<string, string | number>, cookie: string) =>
  postForBody<Body<T>>(test.app, url, fields, { cookie });
const get = <T>(url: string, cookie: string) => getForBody<Body<T>>(test.app, url, {}, { cookie });
/** The owner adds a proof of one freshly uploaded image; its id. */
const addProof = async (owner: string, clientId: number, type: number) =>
  (await post<Proof>('/api/crm/proof', { id: clientId, type, imgs: String(await uploadImage(owner, clientId)) }, owner))
    .body.data?.id ?? 0;
const badge = async (cookie: string, id: number) =>
  (await post<{ total: { proof: number } }>('/api/crm/userinfo', { id }, cookie)).body.data?.total.proof;

describe('proofs: add, list, reject, re-upload with history, delete', () => {
  it('walks a proof through rejection and re-upload, keeping the old images in the history', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const leader = await loginAs(test, w.leader);
    const a = await uploadImage(owner, w.theCase.id);
    const b = await uploadImage(owner, w.theCase.id);

    const added = await post<Proof>('/api/crm/proof', { id: w.theCase.id, type: 6, imgs: `${a},${b}` }, owner);
    expect(added.body).toMatchObject({
      code: 0,
      data: { type: 6, status: 'submitted', version: 1, can_edit: false, can_reject: false },
    });
    expect(added.body.data?.images.map((i) => i.id)).toEqual([a, b]);
    const proofId = added.body.data?.id ?? 0;

    // The owner may not reject their own proof; the team leader may.
    expect((await post('/api/crm/proofReject', { id: proofId, reason: '不清晰' }, owner)).status).toBe(403);
    const listedByLeader = await get<ProofList>(`/api/crm/getProof?id=${w.theCase.id}`, leader);
    expect(listedByLeader.body.data?.items[0]?.can_reject).toBe(true);
    const rejected = await post<Proof>('/api/crm/proofReject', { id: proofId, reason: 'POS单金额看不清' }, leader);
    expect(rejected.body).toMatchObject({ code: 0, msg: '已驳回', data: { status: 'rejected' } });
    expect(rejected.body.data?.rejections[0]).toMatchObject({ reason: 'POS单金额看不清', resolved_at: null });
    expect((await post('/api/crm/proofReject', { id: proofId, reason: '再驳' }, leader)).body).toMatchObject({
      code: 1,
      msg: '该凭证已被驳回，等待重新上传',
    });

    // The owner sees the rejection in the list and on the home badge.
    expect(await badge(owner, w.owner.id)).toBe(1);
    const rejections = await get<Rejections>('/api/crm/proofReject', owner);
    expect(rejections.body.data?.list).toMatchObject([
      { proof_id: proofId, reason: 'POS单金额看不清', client: { id: w.theCase.id } },
    ]);
    expect(rejections.body.data?.list[0]?.images.map((i) => i.id)).toEqual([a, b]);
    expect((await get<Rejections>('/api/crm/proofReject', await loginAs(test, w.colleague))).body.data?.list).toEqual(
      [],
    );

    // Re-upload: keep b, replace a with c.
    const c = await uploadImage(owner, w.theCase.id);
    const updated = await post<Proof>('/api/crm/updateProof', { id: proofId, imgs: `${c},${b}` }, owner);
    expect(updated.body).toMatchObject({ code: 0, data: { status: 'submitted', version: 2 } });
    expect(updated.body.data?.images.map((i) => i.id)).toEqual([c, b]);
    expect(updated.body.data?.history.map((h) => ({ version: h.version, ids: h.images.map((i) => i.id) }))).toEqual([
      { version: 1, ids: [a, b] },
    ]);
    expect(updated.body.data?.rejections[0]?.resolved_at).not.toBeNull();
    expect(await badge(owner, w.owner.id)).toBe(0);
    expect((await get<Rejections>('/api/crm/proofReject', owner)).body.data?.list).toEqual([]);
    // A proof that is not rejected cannot be re-uploaded.
    expect((await post('/api/crm/updateProof', { id: proofId, imgs: String(c) }, owner)).body).toMatchObject({
      code: 1,
      msg: '只有被驳回的凭证可以重新上传',
    });

    const deleted = await post('/api/crm/delProof', { id: proofId }, owner);
    expect(deleted.body).toEqual({ code: 0, msg: '删除成功', data: null });
    expect((await get<ProofList>(`/api/crm/getProof?id=${w.theCase.id}`, owner)).body.data?.items).toEqual([]);
  });

  it('lets customer service (job 3) read and reject, but not add or delete', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const service = await loginAs(test, w.service);
    const proofId = await addProof(owner, w.theCase.id, 1);
    const listed = await get<ProofList>(`/api/crm/getProof?id=${w.theCase.id}`, service);
    expect(listed.body.data).toMatchObject({ can_add: false, items: [{ id: proofId, can_reject: true }] });
    expect((await post('/api/crm/delProof', { id: proofId }, service)).status).toBe(403);
    expect((await post('/api/crm/proof', { id: w.theCase.id, type: 1, imgs: '1' }, service)).status).toBe(403);
    expect((await post('/api/crm/proofReject', { id: proofId, reason: '缺少签字' }, service)).body.code).toBe(0);
    // Deleting a rejected proof closes its rejection.
    expect(await badge(owner, w.owner.id)).toBe(1);
    expect((await post('/api/crm/delProof', { id: proofId }, owner)).body.code).toBe(0);
    expect(await badge(owner, w.owner.id)).toBe(0);
  });

  it('keeps a proof from another company or another salesperson unreadable, by id too', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const proofId = await addProof(owner, w.theCase.id, 2);
    const stranger = await loginAs(test, w.stranger);
    const colleague = await loginAs(test, w.colleague);
    const otherLeader = await loginAs(test, w.otherLeader);
    expect((await get(`/api/crm/getProof?id=${w.theCase.id}`, stranger)).status).toBe(404);
    expect((await get(`/api/crm/getProof?id=${w.theCase.id}`, colleague)).status).toBe(403);
    expect((await get(`/api/crm/getProof?id=${w.theCase.id}`, otherLeader)).status).toBe(403);
    for (const [url, fields] of [
      ['/api/crm/proofReject', { id: proofId, reason: 'x' }],
      ['/api/crm/updateProof', { id: proofId, imgs: '1' }],
      ['/api/crm/delProof', { id: proofId }],
    ] as const) {
      expect((await post(url, fields, stranger)).status).toBe(404);
      expect((await post(url, fields, colleague)).status).toBe(403);
    }
    expect((await get(`/api/crm/getProof?id=999999`, owner)).status).toBe(404);
  });

  it.each([
    ['no type', { imgs: '1' }, '请选择凭证类型'],
    ['a type outside the 12', { type: 13, imgs: '1' }, '请选择凭证类型'],
    ['no images', { type: 1 }, '请至少上传一张图片'],
    ['too many images', { type: 1, imgs: '1,2,3,4,5,6,7,8,9,10' }, '最多上传 9 张图片'],
    ['an image id that is not a number', { type: 1, imgs: 'x' }, '图片无效'],
  ])('refuses a proof with %s', async (_, fields, message) => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    expect((await post('/api/crm/proof', { id: w.theCase.id, ...fields }, owner)).body).toMatchObject({
      code: 1,
      msg: message,
      data: null,
    });
  });

  it('refuses images of another case, of another company, or already used', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const second = await createCase(test.db, w.owner, '另一个客户');
    const elsewhere = await uploadImage(owner, second.id);
    expect((await post('/api/crm/proof', { id: w.theCase.id, type: 1, imgs: String(elsewhere) }, owner)).body.msg).toBe(
      '图片不属于该案件',
    );
    const strangerCase = await createCase(test.db, w.stranger);
    const foreign = await uploadImage(await loginAs(test, w.stranger), strangerCase.id);
    expect((await post('/api/crm/proof', { id: w.theCase.id, type: 1, imgs: String(foreign) }, owner)).body.msg).toBe(
      '图片不存在',
    );
    const mine = await uploadImage(owner, w.theCase.id);
    expect((await post('/api/crm/proof', { id: w.theCase.id, type: 1, imgs: String(mine) }, owner)).body.code).toBe(0);
    expect((await post('/api/crm/proof', { id: w.theCase.id, type: 3, imgs: String(mine) }, owner)).body.msg).toBe(
      '图片已被其他凭证或还款记录使用',
    );
  });

  it('pages the rejection list by cursor', async () => {
    const w = await createMoneyWorld(test.db);
    const owner = await loginAs(test, w.owner);
    const leader = await loginAs(test, w.leader);
    for (let i = 0; i < 3; i += 1) {
      await post('/api/crm/proofReject', { id: await addProof(owner, w.theCase.id, 1), reason: `原因${i}` }, leader);
    }
    const first = await get<Rejections>('/api/crm/proofReject?limit=2', owner);
    expect(first.body.data?.list.map((r) => r.reason)).toEqual(['原因2', '原因1']);
    const second = await get<Rejections>(`/api/crm/proofReject?limit=2&cursor=${first.body.data?.next_cursor}`, owner);
    expect(second.body.data).toMatchObject({ list: [{ reason: '原因0' }], next_cursor: null });
    // An out-of-bounds page size falls back to the default (api/page.ts), it does not fail the list.
    expect((await get('/api/crm/proofReject?limit=500', owner)).body.code).toBe(0);
  });

  it('refuses an empty rejection reason', async () => {
    const w = await createMoneyWorld(test.db);
    const leader = await loginAs(test, w.leader);
    expect((await post('/api/crm/proofReject', { id: 1, reason: '  ' }, leader)).body).toMatchObject({
      code: 1,
      msg: '请填写驳回原因',
      data: null,
    });
  });
});

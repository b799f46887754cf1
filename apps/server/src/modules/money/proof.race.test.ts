import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PROOFS_PER_CASE } from '@crm/domain/money';
import { files } from '../../db/schema/files.ts';
import { proofRejections, proofs } from '../../db/schema/money.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createMoneyWorld } from '../../test/factories-money.ts';
import { expectBurst, loginAs, postForm } from '../../test/http.ts';

/*
 * The cap of live proofs per case, and one open rejection per proof, under concurrent requests. They prove
 * something only in the PostgreSQL pass (PGlite runs one query at a time); they pass on PGlite too.
 */
const test = testAppForFile({ now: () => new Date('2026-11-21T08:00:00Z') });

describe('POST /api/crm/proof under concurrent adds', () => {
  it('stops at the cap: twelve adds at once on a case two short of it make two proofs', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.owner);
    const base = { corpId: w.corp.id, clientId: w.theCase.id };
    await test.db
      .insert(proofs)
      .values(Array.from({ length: MAX_PROOFS_PER_CASE - 2 }, () => ({ ...base, type: 1, createdBy: w.owner.id })));
    // One unattached image per request (rows only: the adds never read the stored bytes).
    const images = await test.db
      .insert(files)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          ...base,
          ownerKind: 'case' as const,
          uploaderId: w.owner.id,
          storageKey: `race/${i}.jpg`,
          thumbKey: `race/${i}-t.jpg`,
          contentType: 'image/jpeg',
          bytes: 1,
          width: 1,
          height: 1,
        })),
      )
      .returning({ id: files.id });
    const answers = await Promise.all(
      images.map((image) =>
        postForm(test.app, '/api/crm/proof', { id: w.theCase.id, type: 1, imgs: String(image.id) }, { cookie }),
      ),
    );
    const bodies = answers.map((a) => a.json<{ code: number; msg: string }>());
    expectBurst(bodies, 2, '该案件的凭证已达上限');
    const live = await test.db
      .select()
      .from(proofs)
      .where(and(eq(proofs.clientId, w.theCase.id), isNull(proofs.deletedAt)));
    expect(live).toHaveLength(MAX_PROOFS_PER_CASE);
  });
});

describe('POST /api/crm/proofReject under concurrent rejections', () => {
  it('records one open rejection when a proof is rejected three times at once', async () => {
    const w = await createMoneyWorld(test.db);
    const cookie = await loginAs(test, w.leader);
    const [proof] = await test.db
      .insert(proofs)
      .values({ corpId: w.corp.id, clientId: w.theCase.id, type: 1, createdBy: w.owner.id })
      .returning({ id: proofs.id });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        postForm(test.app, '/api/crm/proofReject', { id: proof?.id ?? 0, reason: '照片不清晰' }, { cookie }),
      ),
    );
    const bodies = answers.map((a) => a.json<{ code: number; msg: string }>());
    expectBurst(bodies, 1, '该凭证已被驳回，等待重新上传');
    const open = await test.db
      .select()
      .from(proofRejections)
      .where(and(eq(proofRejections.proofId, proof?.id ?? 0), isNull(proofRejections.resolvedAt)));
    expect(open).toHaveLength(1);
  });
});

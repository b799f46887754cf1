import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createStorageFromConfig } from '../adapters/create-adapters.ts';
import type { FileStorage } from '../adapters/storage/index.ts';
import { createAccess, createAccessRepository } from '../modules/access/index.ts';
import { caseAgreementTerms, requireConsent } from '../modules/cases/index.ts';
import { createEsignRepository } from '../modules/esign/esign.repository.ts';
import { createEsignService } from '../modules/esign/esign.service.ts';
import type { SealCertificate } from '../modules/esign/esign.seal.ts';
import { createFilesRepository } from '../modules/files/files.repository.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createStaffRepository } from '../modules/staff/index.ts';
import type { Db, Tx } from './client.ts';
import { clients } from './schema/cases.ts';
import { esignTemplates } from './schema/esign.ts';

/** The contract templates of e-sign (decision 054): an application, an authorisation, a service agreement. */
export const ESIGN_DEMO_TEMPLATES = [
  {
    kind: 'application',
    title: '借款申请书',
    body: [
      '申请人：{{client_name}}　身份证号：{{id_number}}　手机：{{phone}}',
      '本人向{{bank_name}}申请{{product_name}}，借款金额 {{amount}}，期限 {{term_months}} 个月，并委托{{company_name}}协助办理。',
      '本人承诺所提供的资料真实、完整、有效，如有虚假，愿承担相应法律责任。',
      '日期：{{date}}',
    ],
  },
  {
    kind: 'authorisation',
    title: '个人信息查询及使用授权书',
    body: [
      '本人{{client_name}}（身份证号 {{id_number}}）授权{{company_name}}及合作金融机构，为办理本次借款之目的，查询、使用本人的身份、征信、银行卡及联系方式等信息。',
      '授权期限自签署之日起至本次借款业务结清之日止。本人已知悉并理解上述授权的内容与后果。',
    ],
  },
  {
    kind: 'service',
    title: '居间服务协议',
    body: [
      '甲方（委托人）：{{client_name}}　乙方（居间人）：{{company_name}}　经办人：{{agent_name}}',
      '一、乙方为甲方提供借款信息咨询、资料整理、协助办理等居间服务，不承诺借款必然获批。',
      '二、甲方应如实提供资料，配合乙方及金融机构完成审核与签约。',
      '三、本协议以电子签名方式签署，与纸质签署具有同等法律效力（《中华人民共和国电子签名法》第十四条）。',
    ],
  },
].map((template) => ({ ...template, kind: template.kind as 'application' | 'authorisation' | 'service' }));

/** Both demo companies get the three templates (inside the demo seed's transaction). */
export async function seedEsignTemplates(tx: Tx): Promise<void> {
  for (const corpId of [1, 2])
    await tx.insert(esignTemplates).values(ESIGN_DEMO_TEMPLATES.map((template) => ({ ...template, corpId })));
}

/**
 * One order 王小明 (1) sent on his first case, waiting for the client's signature (README: 我的 → 电子签约),
 * made through the e-sign service itself after the seed, so its PDF, hash and events are real.
 */
export async function seedEsignDemo(db: Db, config: Config, clock: Clock): Promise<void> {
  const [first] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.corpId, 1), eq(clients.ownerId, 1)))
    .orderBy(asc(clients.id))
    .limit(1);
  if (!first) return;
  await createEsignDemoOrder(db, {
    storage: createStorageFromConfig(config),
    secret: config.sessionSecret,
    certificate: config.esign.p12,
    publicUrl: config.publicUrl,
    now: clock,
    staffId: 1,
    corpId: 1,
    clientId: first.id,
  });
}

/** Makes an order as the staff member would (the seed is the composition root here, like app.ts). */
export async function createEsignDemoOrder(
  db: Db,
  input: {
    storage: FileStorage;
    secret: string;
    certificate: SealCertificate;
    publicUrl: string;
    now: Clock;
    corpId: number;
    staffId: number;
    clientId: number;
  },
) {
  const me = await createStaffRepository(db).findById(input.corpId, input.staffId);
  if (!me) return null;
  const esign = createEsignService({
    repo: createEsignRepository(db),
    access: createAccess({ repo: createAccessRepository(db) }),
    // The seed sends no code: the signer asks for one from the link.
    auth: {
      sendSmsCode: () => Promise.reject(new Error('not in the seed')),
      spendCodeFor: () => Promise.reject(new Error('not in the seed')),
    },
    files: createFilesService({
      repo: createFilesRepository(db),
      storage: input.storage,
      secret: input.secret,
      now: input.now,
    }),
    caseTerms: (corpId, id) => caseAgreementTerms(db, corpId, id),
    requireConsent: (corpId, clientId) => requireConsent(db, corpId, clientId),
    certificate: input.certificate,
    publicUrl: input.publicUrl,
    now: input.now,
  });
  return esign.add(me, input.clientId, { ip: '127.0.0.1', userAgent: 'demo seed' });
}

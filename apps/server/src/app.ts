import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_CODE } from '@crm/domain/api/envelope';
import type { OcrAdapter } from './adapters/ocr/index.ts';
import { createTsaClient, type TsaAdapter } from './adapters/tsa/tsa.ts';
import type { SmsAdapter } from './adapters/sms/index.ts';
import type { FileStorage } from './adapters/storage/index.ts';
import {
  createLlmFromConfig,
  createOcrFromConfig,
  createStorageFromConfig,
  createWechatMpFromConfig,
} from './adapters/create-adapters.ts';
import type { LlmAdapter } from './adapters/llm/index.ts';
import type { WechatMpAdapter } from './adapters/wechat-mp/index.ts';
import { DEMO_WECOM_CORP_ID, randomCallbackKeys, type WecomAdapter } from './adapters/wecom/index.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { KEY_RELOAD_MS, keyring } from './pii/keyring.ts';
import type { Db } from './db/client.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { createAccess, createAccessRepository } from './modules/access/index.ts';
import { adminRoutes, createAdminRepository, createAdminService } from './modules/admin/index.ts';
import { createRetentionRepository, createRetentionService, retentionRoutes } from './modules/retention/index.ts';
import { adminioRoutes, createAdminioRepository, createAdminioService } from './modules/adminio/index.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { upcomingRoutes } from './modules/upcoming/upcoming.routes.ts';
import { casesRoutes } from './modules/cases/cases.routes.ts';
import { consentClientRoutes, consentRoutes } from './modules/cases/consent.routes.ts';
import { createConsentRepository } from './modules/cases/consent.repository.ts';
import { createConsentService } from './modules/cases/consent.service.ts';
import { createCasesRepository } from './modules/cases/cases.repository.ts';
import { createCasesService } from './modules/cases/cases.service.ts';
import { createOwnershipRepository, createOwnershipService, ownershipRoutes } from './modules/ownership/index.ts';
import { createHandoverRepository, createHandoverService, handoverRoutes } from './modules/handover/index.ts';
import type { HolderCheck } from './modules/holder-check.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { createHomeRepository } from './modules/home/home.repository.ts';
import { createHomeService } from './modules/home/home.service.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { moneyRoutes } from './modules/money/money.routes.ts';
import { createMoneyRepository } from './modules/money/money.repository.ts';
import { createMoneyService } from './modules/money/money.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createHouseRepository } from './modules/house/house.repository.ts';
import { houseRoutes } from './modules/house/house.routes.ts';
import { createHouseloanRepository } from './modules/house/houseloan.repository.ts';
import { houseloanRoutes } from './modules/house/houseloan.routes.ts';
import { createHouseloanService } from './modules/house/houseloan.service.ts';
import { createHouseService } from './modules/house/house.service.ts';
import { createExamRepository } from './modules/exam/exam.repository.ts';
import { examRoutes } from './modules/exam/exam.routes.ts';
import { createExamService } from './modules/exam/exam.service.ts';
import { createFairRepository } from './modules/fair/fair.repository.ts';
import { fairRoutes } from './modules/fair/fair.routes.ts';
import { createFairService } from './modules/fair/fair.service.ts';
import { createChatterRepository } from './modules/chatter/chatter.repository.ts';
import { chatterRoutes } from './modules/chatter/chatter.routes.ts';
import { createChatterService } from './modules/chatter/chatter.service.ts';
import { findFairScope } from './modules/fair/index.ts';
import { findHouseChannelName } from './modules/house/index.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { createOutsideRepository } from './modules/outside/outside.repository.ts';
import { outsideRoutes, ysbRoutes } from './modules/outside/outside.routes.ts';
import { createOutsideService } from './modules/outside/outside.service.ts';
import { createFaqRepository } from './modules/faq/faq.repository.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { createFaqService } from './modules/faq/faq.service.ts';
import { createPactRepository } from './modules/pact/pact.repository.ts';
import { pactRoutes } from './modules/pact/pact.routes.ts';
import { createPactService } from './modules/pact/pact.service.ts';
import { createSignRepository } from './modules/sign/sign.repository.ts';
import { signRoutes } from './modules/sign/sign.routes.ts';
import { createSignService } from './modules/sign/sign.service.ts';
import { createEsignRepository } from './modules/esign/esign.repository.ts';
import { createLedgerRepository } from './modules/ledger/ledger.repository.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { esignRoutes, esignSignerRoutes } from './modules/esign/esign.routes.ts';
import { createEsignService, TIMESTAMP_MAX_ATTEMPTS } from './modules/esign/esign.service.ts';
import { NotFoundError } from './errors.ts';
import { caseAgreementTerms, openFollowUp, requireConsent } from './modules/cases/index.ts';
import {
  createRemindersRepository,
  createRemindersService,
  MAX_ATTEMPTS,
  remindersRoutes,
} from './modules/reminders/index.ts';
import { createRobotsRepository, createRobotsService, robotsRoutes } from './modules/robots/index.ts';
import { createScriptsRepository, createScriptsService, scriptsRoutes } from './modules/scripts/index.ts';
import { createGroupSend, groupSendRoutes } from './modules/groupsend/index.ts';
import {
  callbackPathOf,
  contactWaysRoutes,
  createContactWaysRepository,
  createContactWaysService,
} from './modules/contactways/index.ts';
import { metricsPlugin, registerMetricsRoute, type PoolStats } from './ops/metrics.ts';
import { checkReadiness } from './ops/readiness.ts';
import { REQUEST_ID_HEADER, requestContext, requestIdOf } from './ops/request-context.ts';
import { hotRouteSerializerCompiler } from './plugins/fast-serializer.ts';
import { browserSecurityPlugin, contentSecurityPolicy, inlineScriptHashes } from './plugins/browser-security.ts';
import { compressPlugin, pickEncoding } from './plugins/compress.ts';
import { compressedPage, staffPages } from './spa-pages.ts';
import { envelopePlugin, requestValidatorCompiler } from './plugins/envelope.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { createReadCache, markingWrites, readCachePlugin } from './plugins/read-cache.ts';
import { readReplicasPlugin } from './plugins/read-replicas.ts';
import { primaryReads, type Reads } from './db/replicas.ts';
import { openApiOptions } from './openapi.ts';
import { isApiPath } from './plugins/public-routes.ts';
import { SESSION_COOKIE, sessionPlugin } from './plugins/session.ts';

export interface Adapters {
  sms: SmsAdapter;
  wecom: WecomAdapter;
  /** Uploaded files; made from the settings when left out. */
  storage?: FileStorage;
  /** ID and bank card recognition; made from the settings when left out. */
  ocr?: OcrAdapter;
  /** The official account's web authorisation (/houseloan); made from the settings when left out. */
  wechatMp?: WechatMpAdapter;
  tsa?: TsaAdapter;
  /** The FAQ copilot's model; made from the settings when left out (null there: extractive answers). */
  llm?: LlmAdapter | null;
}

export interface BuildAppOptions {
  db: Db;
  config: Config;
  adapters: Adapters;
  /** The one clock of every route, service and adapter; tests pass their own to step over time limits. */
  now: Clock;
  /** The process's pino logger; tests leave it out and log nothing. */
  logger?: FastifyBaseLogger;
  /**
   * Hears the database's writes, so sessions and the hot answers can be kept between requests (decision 064);
   * the app closes it. Without one (or with READ_CACHE=off) every request reads the database.
   */
  changes?: ChangeFeed;
  /** Read replicas for lists, dashboards, exports and the funnel (decision 077); the primary alone when left out. */
  reads?: Reads;
}

/**
 * Builds the whole server without listening, so tests and server.ts share one assembly. Every module is
 * registered here by hand: this file is the route table.
 */
/**
 * A request Node cannot parse never reaches a route or the envelope plugin: an address or headers past
 * Node's 16 KB (a long query string), a broken request line. Node would answer a bare 431 or 400; the
 * client gets the envelope like every other refusal.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    code: API_CODE.refused,
    msg: tooLarge ? '请求地址或请求头过长' : '请求格式错误',
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** node-postgres's pool behind drizzle (`$client`), for the metrics; PGlite has none. */
function poolOf(db: Db): PoolStats | null {
  const client = (db as unknown as { $client?: Partial<PoolStats> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolStats) : null;
}

/**
 * The calls a phone makes most (decision 060): their answers are written by fast-json-stringify from the
 * response schema's JSON schema instead of a zod parse of every answer, and kept between requests while the
 * database has not changed (decision 064). Each is a pure read: its answer depends on the caller, the input,
 * the database and (for at most the cache's ten seconds) the time.
 */
export const HOT_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/crm/userinfo',
  'POST /api/crm/clientList',
  'GET /api/crm/detail',
  'POST /api/crm/moneyList',
  'POST /api/crm/getHouseList',
  'POST /api/crm/getHouseChannelList',
  'POST /api/crm/taskList',
]);

export async function buildApp({
  db: given,
  config,
  adapters,
  now,
  logger,
  changes,
  reads: givenReads,
}: BuildAppOptions) {
  // A request that may have written says so before it answers: the read cache moves on (decision 064).
  const db = markingWrites(given);
  const reads = givenReads ?? primaryReads(given);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    // One id per request on every log line and in the answer's X-Request-Id (decision 057); the load
    // balancer's own id is kept when it sends one.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    // The rest of the request runs inside this context: the app's logger adds its id to every line.
    requestContext.run({ reqId: request.id }, done);
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(hotRouteSerializerCompiler(HOT_ROUTES));

  await app.register(envelopePlugin);
  await app.register(metricsPlugin, {
    pool: poolOf(db),
    token: config.metricsToken,
    isProduction: config.env === 'production',
  });
  await app.register(browserSecurityPlugin, { isProduction: config.env === 'production', publicUrl: config.publicUrl });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipartPlugin);
  // A ceiling per session, so a branch office behind one NAT address does not share one budget; callers
  // without a session (SMS, login) share their address's, and the SMS limits that matter are counted in
  // the database. Static assets are never counted: a cold page load fetches dozens of chunks.
  // 0 turns the ceiling off (tests, the benches): then no hook at all runs for it.
  if (config.rateLimitPerMinute > 0)
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => !isApiPath(request.url),
      keyGenerator: (request) => {
        const token = request.cookies[SESSION_COOKIE];
        return token ? `session:${createHash('sha256').update(token).digest('base64url')}` : `address:${request.ip}`;
      },
    });

  const staff = createStaffRepository(db);
  const houseloanRepo = createHouseloanRepository(db);
  const faqRepo = createFaqRepository(db);
  const auth = createAuthService({
    repo: createAuthRepository(db),
    staff,
    sms: adapters.sms,
    secret: config.sessionSecret,
    sessionTtlMs: config.sessionTtlMs,
    now,
    channelAgentCompany: (phone) => houseloanRepo.companyOfAgentPhone(phone),
    smsPerCompanyPerHour: config.smsPerCompanyPerHour,
  });
  const home = createHomeService({ repo: createHomeRepository(db), now });
  // The one answer to "may this principal do this to that record", for every module.
  const access = createAccess({ repo: createAccessRepository(db) });
  const secureCookies = config.env === 'production';

  const readCache = createReadCache({ feed: config.readCache ? (changes ?? null) : null, now });
  if (changes) app.addHook('onClose', () => changes.close());
  // The keys another process made (a rotation's new data key) are held here before a row sealed by them is read.
  const keyTimer = setInterval(
    () => void keyring.load(given).catch((error: unknown) => app.log.error({ err: error }, 'key reload failed')),
    KEY_RELOAD_MS,
  );
  keyTimer.unref();
  app.addHook('onClose', async () => clearInterval(keyTimer));
  // Before any route: every route is authenticated unless plugins/public-routes.ts lists it.
  await app.register(sessionPlugin, { auth, cache: readCache, secure: secureCookies, ttlMs: config.sessionTtlMs });
  // After the session guard (a kept answer is found by its principal), for the calls a phone makes most.
  await app.register(readCachePlugin, { cache: readCache, routes: HOT_ROUTES });
  // After the session guard: a refused request reads nothing, and a write leaves its mark (decision 077).
  await app.register(readReplicasPlugin, { reads, secure: secureCookies });
  // After the session guard: a create call sent again with its Idempotency-Key makes one record (decision 046).
  const idempotency = createIdempotencyService({ repo: createIdempotencyRepository(db), now });
  await app.register(idempotencyPlugin, { idempotency });
  // After every hook that reads an answer as text (the idempotency store keeps it): compression comes last.
  await app.register(compressPlugin);
  await app.register(swagger, openApiOptions({ publicUrl: config.publicUrl }));
  // The API's documentation is for developers: production does not publish its map of every call.
  if (config.env !== 'production') await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authRoutes, {
    auth,
    staff,
    wecom: adapters.wecom,
    secret: config.sessionSecret,
    secureCookies,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(homeRoutes, { home });
  // Customer ownership (decision 066): the duplicate check every create asks, the pool, bulk moves.
  const ownership = createOwnershipService({ repo: createOwnershipRepository(db), access, now });
  const holder: HolderCheck = (corpId, who, caller, options) => ownership.protectedHolder(corpId, who, caller, options);
  await app.register(ownershipRoutes, { ownership });
  // The handover of a staff member who leaves or changes post (decision 066), WeCom contacts included.
  const handover = createHandoverService({ repo: createHandoverRepository(db), wecom: adapters.wecom, now });
  await app.register(handoverRoutes, { handover });
  await app.register(casesRoutes, {
    cases: createCasesService({ repo: createCasesRepository(db, reads), access, now, holder }),
  });
  const ocr = adapters.ocr ?? createOcrFromConfig(config, now);
  app.addHook('onClose', () => ocr.close());
  // One file storage for every uploaded image: proofs, repayments and house-client documents.
  const storage = adapters.storage ?? createStorageFromConfig(config);
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);
  const files = createFilesService({
    repo: createFilesRepository(db),
    storage,
    secret: config.sessionSecret,
    now,
    log,
  });
  const money = createMoneyService({ repo: createMoneyRepository(db), access, files, ocr, now, log });
  await app.register(moneyRoutes, { money });
  const houseRepo = createHouseRepository(db);
  const house = createHouseService({ repo: houseRepo, access, files, now, holder });
  const outside = createOutsideService({ repo: createOutsideRepository(db), auth, access, now, holder });
  const exam = createExamService({ repo: createExamRepository(db), access });
  // One signed image route for every owner kind; the owner's module says who may see its files.
  await app.register(filesRoutes, {
    files,
    mayRead: (me, owner) =>
      owner.kind === 'case'
        ? money.assertCaseReadable(me, owner.clientId)
        : owner.kind === 'house_client'
          ? house.assertClientVisible(me, owner.houseClientId)
          : // An e-sign order's PDFs and signature are served only by its own download calls (decision 054).
            Promise.reject(new NotFoundError('图片不存在')),
  });
  // Hourly: images uploaded for a form that was never submitted, expired sessions, SMS codes and idempotency
  // keys. Not in tests, which call the sweeps directly.
  if (config.env !== 'test') {
    const sweep = () => {
      void files.sweepUnattached().catch((error: unknown) => app.log.error({ err: error }, 'image sweep failed'));
      // Images of records retention erased whose objects a failed removal left behind (decision 071).
      void files.sweepErased().catch((error: unknown) => app.log.error({ err: error }, 'erased image sweep failed'));
      // Expired sessions and SMS codes past every limit's window: the tables stay the size of the live ones.
      void auth
        .sweepExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'session and SMS code sweep failed'));
      // Referrals whose protection ran out are released (decision 049); reads already treat them so.
      void outside.releaseExpired().catch((error: unknown) => app.log.error({ err: error }, 'referral release failed'));
      // The copilot's per-minute counters of windows long over (decision 053).
      void faqRepo
        .sweepUsage(new Date(now().getTime() - 3600_000))
        .catch((error: unknown) => app.log.error({ err: error }, 'copilot counter sweep failed'));
      // Exam attempts whose time ran out and whose phone never came back (decision 050).
      void exam.sweepOverdue().catch((error: unknown) => app.log.error({ err: error }, 'exam hand-in sweep failed'));
      // Signers' sessions past their half hour (decision 054); unsigned orders past their days, and reminders (issue 48).
      void esign.sweepSessions();
      void esign.sweepUnsigned().catch((error: unknown) => app.log.error({ err: error }, 'esign expiry sweep failed'));
      // The back office's uploads and exports past their day, with the exported files (decision 059).
      void adminio
        .sweepExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'import and export sweep failed'));
      // Idempotency keys past their day (decision 046).
      void idempotency
        .sweepExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'idempotency key sweep failed'));
    };
    const timer = setInterval(sweep, 3600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    // The pool sweep (decision 066): at start-up and every five minutes, on the injected clock.
    const poolSweep = () =>
      void ownership.sweep().catch((error: unknown) => app.log.error({ err: error }, 'pool sweep failed'));
    poolSweep();
    const poolTimer = setInterval(poolSweep, 5 * 60_000);
    poolTimer.unref();
    app.addHook('onClose', async () => clearInterval(poolTimer));
  }
  await app.register(houseRoutes, { house, publicUrl: config.publicUrl });
  await app.register(signRoutes, {
    sign: createSignService({
      repo: createSignRepository(db),
      access,
      wecom: adapters.wecom,
      approvalTemplateId: config.wecomApprovalTemplateId,
      now,
    }),
  });
  await app.register(outsideRoutes, { outside, publicUrl: config.publicUrl });
  await app.register(ysbRoutes, { outside });
  const wechatMp = adapters.wechatMp ?? createWechatMpFromConfig(config);
  await app.register(houseloanRoutes, {
    houseloan: createHouseloanService({ repo: houseloanRepo, house: houseRepo, auth, files, now, holder }),
    wechatMp,
    secret: config.sessionSecret,
    secureCookies,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(faqRoutes, {
    faq: createFaqService({
      repo: faqRepo,
      llm: adapters.llm === undefined ? createLlmFromConfig(config) : adapters.llm,
      now,
      copilotPerMinute: config.copilotPerMinute,
    }),
  });
  await app.register(examRoutes, { exam });
  await app.register(pactRoutes, { pact: createPactService({ repo: createPactRepository(db), access, now }) });
  await app.register(fairRoutes, { fair: createFairService({ repo: createFairRepository(db), access, now }) });
  // The WeCom chat sidebar's wallet and points tool and the workbench (decision 055); real-name auth reads
  // the ID card through money's one OCR service.
  const chatter = createChatterService({
    repo: createChatterRepository(db),
    wecom: adapters.wecom,
    recognizeIdCard: (me, bytes) => money.recognize(me, 'idCard', bytes),
    now,
    publicUrl: config.publicUrl,
  });
  await app.register(chatterRoutes, { chatter });
  await app.register(activityRoutes, {
    activity: createActivityService({
      repo: createActivityRepository(db),
      auth,
      lookups: {
        fair: (corpId, id) => findFairScope(db, corpId, id),
        channel: (corpId, id) => findHouseChannelName(db, corpId, id),
      },
      secret: config.sessionSecret,
      now,
    }),
    wechatMp,
    secureCookies,
    publicUrl: config.publicUrl,
  });
  // Electronic signing (decision 054): staff calls, and the signer's calls behind their own cookie.
  const esign = createEsignService({
    repo: createEsignRepository(db),
    access,
    auth,
    files,
    caseTerms: (corpId, id) => caseAgreementTerms(db, corpId, id),
    requireConsent: (corpId, clientId) => requireConsent(db, corpId, clientId),
    certificate: config.esign.p12,
    publicUrl: config.publicUrl,
    sms: adapters.sms,
    tsa: adapters.tsa ?? (config.esign.tsaUrl ? createTsaClient({ url: config.esign.tsaUrl }) : undefined),
    now,
    log,
  });
  await app.register(esignRoutes, { esign });
  // The commission ledger, claw-backs and statements (decision 067): staff finance, partners and channel agents.
  const ledger = createLedgerService({
    repo: createLedgerRepository(db),
    access,
    now,
    files: { certificate: config.esign.p12 },
    publicUrl: config.publicUrl,
  });
  await app.register(ledgerRoutes, { ledger });
  // Monthly statements (decision 067): at start-up and hourly, on the injected clock, each company's last month
  // is issued once its statement day has come. Not in tests, which call issueAllDue themselves.
  if (config.env !== 'test') {
    const statementSweep = () =>
      void ledger.issueAllDue().catch((error: unknown) => app.log.error({ err: error }, 'statement sweep failed'));
    statementSweep();
    const statementTimer = setInterval(statementSweep, 3600_000);
    statementTimer.unref();
    app.addHook('onClose', async () => clearInterval(statementTimer));
  }
  await app.register(esignSignerRoutes, { esign, secureCookies });
  // The client's consent to the processing of their personal financial information (decision 073).
  const consent = createConsentService({
    repo: createConsentRepository(db),
    access,
    auth,
    files,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(consentRoutes, { consent });
  await app.register(consentClientRoutes, { consent });
  // WeCom group robots (issue 50, decision 077): the admin's webhooks; the events' posts run in the queue below.
  const robots = createRobotsService({ repo: createRobotsRepository(db), wecom: adapters.wecom, now });
  await app.register(robotsRoutes, { robots });
  // The approved scripts (话术库, issue 50 point 3, decision 080): the back office keeps them, the sidebar uses them.
  await app.register(scriptsRoutes, {
    scripts: createScriptsService({ repo: createScriptsRepository(db), now }),
  });
  // Group sends to customers (群发, issue 50 point 2, decision 080): WeCom's message tasks within its monthly limit.
  await app.register(groupSendRoutes, {
    groupSend: createGroupSend({ db, wecom: adapters.wecom, now, publicUrl: config.publicUrl }),
  });
  // 渠道活码 (issue 50, decision 083): members' contact-me QRs, and WeCom's add-contact callback, whose events the
  // queue below tags and files. Offline, the process makes its own callback keys for its simulated scans.
  const callbackKeys = config.wecomCallback ?? (config.wecom.provider === 'demo' ? randomCallbackKeys() : null);
  const contactWays = createContactWaysService({
    repo: createContactWaysRepository(db),
    wecom: adapters.wecom,
    now,
    callback: callbackKeys && {
      ...callbackKeys,
      receiveId: config.wecom.provider === 'wecom' ? config.wecom.corpId : DEMO_WECOM_CORP_ID,
    },
    deliver: async (corpId, sealed) =>
      (
        await app.inject({
          method: 'POST',
          url: `${callbackPathOf(corpId)}?${new URLSearchParams(sealed.query).toString()}`,
          headers: { 'content-type': 'text/xml' },
          payload: sealed.body,
        })
      ).body,
    settle: () => reminders.drainOnce(),
    log: (message, detail) => app.log.warn({ detail }, message),
  });
  await app.register(contactWaysRoutes, { contactWays });
  // WeCom reminders (decision 058): the worker drains the job queue every server process shares. Not in
  // tests, which call drainOnce themselves.
  const reminders = createRemindersService({
    repo: createRemindersRepository(db),
    wecom: adapters.wecom,
    now,
    publicUrl: config.publicUrl,
    escalateAfterMs: config.reminderEscalateAfterMs,
    openFollowUp: (corpId, id) => openFollowUp(db, corpId, id),
    log,
    tasks: {
      'esign-timestamp': {
        run: (job) => esign.retryTimestamp(job.corpId, job.payload.esignOrderId ?? 0, job.attempts + 1),
        maxAttempts: TIMESTAMP_MAX_ATTEMPTS - 1,
      },
      'robot-post': { run: (job) => robots.post(job), maxAttempts: MAX_ATTEMPTS },
      'contact-way-add': { run: (job) => contactWays.runAdd(job), maxAttempts: MAX_ATTEMPTS },
      // The kind of reminder is the dedupe key's last part (esign-remind:<order>:<day1|last>).
      'esign-remind': {
        run: (job) =>
          esign.remind(job.corpId, job.payload.esignOrderId ?? 0, job.dedupeKey.endsWith(':last') ? 'last' : 'day1'),
        maxAttempts: 3,
      },
    },
  });
  await app.register(remindersRoutes, { reminders });
  // Tests run the queue's passes themselves, on their own clock.
  app.decorate('drainJobs', () => reminders.drainOnce());
  app.decorate('esignSweep', () => esign.sweepUnsigned());
  if (config.env !== 'test' && config.reminderPollMs > 0) {
    const stop = reminders.start(config.reminderPollMs);
    app.addHook('onClose', stop);
  }
  // The back office (decision 057): a company's admin, and the platform's for companies.
  await app.register(adminRoutes, { admin: createAdminService({ repo: createAdminRepository(db), now }) });
  // Retention (issue 41, decision 071): the data-subject request's calls, and the hourly sweep of what is past its time.
  const retention = createRetentionService({
    repo: createRetentionRepository(db),
    now,
    removeErasedFiles: () => files.sweepErased(),
  });
  await app.register(retentionRoutes, { retention });
  if (config.env !== 'test') {
    const retentionSweep = () =>
      void retention.sweep().catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'));
    retentionSweep();
    const retentionTimer = setInterval(retentionSweep, 3600_000);
    retentionTimer.unref();
    app.addHook('onClose', async () => clearInterval(retentionTimer));
  }
  // Its XLSX import and export and the WeCom directory sync (decision 059); a stop waits for exports in hand.
  const adminio = createAdminioService({
    repo: createAdminioRepository(db, reads),
    storage,
    wecom: adapters.wecom,
    secret: config.sessionSecret,
    now,
    log,
  });
  app.addHook('onClose', () => adminio.drain());
  await app.register(adminioRoutes, { adminio });
  await app.register(upcomingRoutes);

  // Liveness: the process answers. Readiness: the database answers and every migration is applied.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ code: 0, msg: 'ok', data: null }));
  registerMetricsRoute(app);
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const { error, ...readiness } = await checkReadiness(db, config.migrationsFolder);
    if (readiness.ready) return { code: 0, msg: 'ok', data: readiness };
    request.log.warn({ err: error, reason: readiness.reason }, 'not ready');
    return reply.status(503).send({ code: API_CODE.fault, msg: '服务未就绪', data: readiness });
  });
  registerSpa(app, config);
  return app;
}

/**
 * The built SPA: hashed assets cached for a year (a new build has new names), index.html never cached,
 * and every other GET outside the API answered with index.html so deep links work. Without a build
 * (server tests), unknown paths get the envelope's 404.
 */
function registerSpa(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  // The SPA reads the mode from this meta: demo mode lets any browser in (spec: WeChat-only otherwise).
  const indexSource = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const indexHtml = indexSource
    ? staffPages(
        config.webDist,
        indexSource.replace(
          '<meta name="crm-mode" content="production"',
          `<meta name="crm-mode" content="${config.demoMode ? 'demo' : 'production'}"`,
        ),
      )
    : null;
  // The staff page's one inline script (its display modes before the first paint) is allowed by its hash.
  const indexPolicy = contentSecurityPolicy(indexSource ? inlineScriptHashes(indexSource) : []);
  // The visitor pages of /activity and /interface (lottery, coupon, signin) have their own light entry
  // (decision 056): a phone from WeChat downloads a few KB, not the staff app.
  const activityFile = path.join(config.webDist, 'activity.html');
  const activityHtml = fs.existsSync(activityFile) ? compressedPage(fs.readFileSync(activityFile, 'utf8')) : null;
  const isActivityPage = (url: string) =>
    /^\/(activity(\/|$|\?)|interface\/(lottery|coupon|signin)(\/|$|\?))/.test(url);
  if (indexHtml) {
    void app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts): the browser
      // gets the one it accepts, with Vary: Accept-Encoding; without them the plain file.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    if (!indexHtml || request.method !== 'GET' || isApi || request.url.startsWith('/assets/')) {
      return reply.status(404).send({ code: API_CODE.notFound, msg: '接口不存在', data: null });
    }
    const isActivity = activityHtml !== null && isActivityPage(request.url);
    const page = isActivity ? activityHtml : indexHtml(request.url.split('?')[0] ?? '/');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    void reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (!isActivity) void reply.header('content-security-policy', indexPolicy);
    if (!encoding) return reply.send(page.plain);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  });
}

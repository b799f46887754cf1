import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject, type ProvidedContext } from 'vitest';
import type { LlmAdapter } from '../adapters/llm/index.ts';
import type { OcrAdapter } from '../adapters/ocr/index.ts';
import type { TsaAdapter } from '../adapters/tsa/tsa.ts';
import type { SmsAdapter, SmsNotice } from '../adapters/sms/index.ts';
import type { WechatMpAdapter } from '../adapters/wechat-mp/index.ts';
import type { FileStorage } from '../adapters/storage/index.ts';
import { createDemoWecomAdapter, type WecomAdapter } from '../adapters/wecom/index.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { preparePii } from '../pii/start.ts';
import { createScratchDatabase, replicasCaughtUp, testPostgres, withDatabase } from './pg-admin.ts';

/** An SMS adapter that remembers what it sent, so tests read codes the way a phone would. */
export function createRecordingSms(options: { revealsCode?: boolean } = {}) {
  const sent: { phone: string; code: string }[] = [];
  const notices: { phone: string; notice: SmsNotice }[] = [];
  let failure: Error | null = null;
  const adapter: SmsAdapter = {
    kind: 'demo',
    revealsCode: options.revealsCode ?? false,
    async sendVerificationCode(phone, code) {
      const failing = failure;
      failure = null;
      if (failing) throw failing;
      sent.push({ phone, code });
    },
    async sendNotice(phone, notice) {
      notices.push({ phone, notice });
    },
  };
  return {
    adapter,
    sent,
    /** The notices (the e-sign reminder) each phone was sent. */
    notices,
    lastCodeFor: (phone: string) => sent.filter((s) => s.phone === phone).at(-1)?.code,
    /** The next send fails with this error, as a provider's refusal or outage would. */
    failNext: (error: Error) => {
      failure = error;
    },
  };
}

/** A test's database, and a second way into it: a pool of its own, as another server process would have. */
export type TestDatabase = Database & { reopen(): Promise<Database> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on
 * the PostgreSQL of DATABASE_URL (dropped on close), so the same suite runs on both drivers.
 */
export async function openTestDatabase(config: Config): Promise<TestDatabase> {
  const postgres = testPostgres();
  // The run's migrated template (global-setup.ts); migrating again below is then a check that finds nothing to do.
  // Undefined when a file runs outside the server project (its global setup then never ran).
  const template: ProvidedContext['testDatabaseTemplate'] | undefined = inject('testDatabaseTemplate');
  if (!postgres) {
    const startFrom = template?.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
    const database = await openPglite(null, startFrom);
    await database.migrate(config.migrationsFolder);
    // One PGlite serves every "process": its second user shares it and leaves the closing to the first.
    return { ...database, reopen: async () => ({ ...database, close: async () => undefined }) };
  }
  const scratch = await createScratchDatabase(
    postgres.directUrl,
    'crm_test',
    template?.kind === 'postgres' ? template.name : undefined,
  );
  const name = new URL(scratch.url).pathname.slice(1);
  // The app's pool goes the way DATABASE_URL goes (through the pooler, if any); the feed listens directly.
  // A replica replays every database of its primary's cluster: the scratch database has the same name there.
  const open = () =>
    openPostgres(withDatabase(postgres.url, name), {
      poolSize: 4,
      pooler: postgres.pooler,
      listenUrl: scratch.url,
      replicaUrls: postgres.replicaUrls.map((url) => withDatabase(url, name)),
    });
  // A database that never opens is dropped at once: nobody else would drop it.
  const database = await replicasCaughtUp(postgres.directUrl, postgres.replicaUrls)
    .then(open)
    .catch(async (error: unknown) => {
      await scratch.drop();
      throw error;
    });
  await database.migrate(config.migrationsFolder);
  return {
    ...database,
    reopen: open,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestAppOptions {
  now?: () => Date;
  wecom?: WecomAdapter;
  config?: Record<string, string>;
  storage?: FileStorage;
  ocr?: OcrAdapter;
  /** The FAQ copilot's model; none (extractive answers) unless a test gives one. */
  llm?: LlmAdapter;
  /** The official account's web authorisation; the offline stand-in unless a test gives one. */
  wechatMp?: WechatMpAdapter;
  /** The e-sign timestamp authority; none (off) unless a test gives one. */
  tsa?: TsaAdapter;
  /** A logger for a test about what the server logs; none (silent) unless a test gives one. */
  logger?: FastifyBaseLogger;
}

/** The whole server on a fresh database, answering through `app.inject`. */
export async function buildTestApp(options: TestAppOptions = {}) {
  // Uploaded files of a test go to a throwaway folder, never the repository's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-'));
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...options.config });
  const database = await openTestDatabase(config);
  const sms = createRecordingSms();
  const { app, changes } = await serverOn(database, config, sms.adapter, options);
  const others: (() => Promise<void>)[] = [];
  return {
    app,
    db: database.db,
    sms,
    config,
    changes,
    now: options.now ?? systemClock,
    /** The same server again on its own pool and change feed: another process on the same database. */
    async secondProcess() {
      const reopened = await database.reopen();
      const other = await serverOn(reopened, config, sms.adapter, options);
      const close = async () => {
        await other.app.close();
        await reopened.close();
      };
      others.push(close);
      return { app: other.app, changes: other.changes };
    },
    async close() {
      for (const closeOther of others) await closeOther();
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function serverOn(database: Database, config: Config, sms: SmsAdapter, options: TestAppOptions) {
  // As server.ts does before it builds the app: every company's keys unwrapped (decision 074).
  await preparePii(database.db, config);
  const changes = await database.changeFeed();
  const app = await buildApp({
    db: database.db,
    reads: database.reads,
    config,
    changes,
    adapters: {
      sms,
      wecom: options.wecom ?? createDemoWecomAdapter({ demoUserId: 'wecom-user-1' }),
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.ocr ? { ocr: options.ocr } : {}),
      ...(options.llm ? { llm: options.llm } : {}),
      ...(options.wechatMp ? { wechatMp: options.wechatMp } : {}),
      ...(options.tsa ? { tsa: options.tsa } : {}),
    },
    now: options.now ?? systemClock,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  // On PostgreSQL a test's own writes (factories, direct updates) reach the read cache as notifications, a
  // moment after the write returns. A phone's next request comes a network round trip later; a test's next
  // line comes at once, so each request first waits for the writes before it to be heard (decision 064).
  const inject = app.inject.bind(app);
  app.inject = ((injected?: InjectOptions | string) =>
    injected === undefined ? inject() : changes.settled().then(() => inject(injected))) as typeof app.inject;
  return { app, changes };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The test app of one test file: built before its first test and closed after its last. The handle is
 * filled in by then, so the file's tests and helpers read `test.db` and `test.app` as if it were built here.
 */
export function testAppForFile(options: TestAppOptions = {}): TestApp {
  // Empty until beforeAll fills it: nothing of the file reads it before its tests run.
  const test = {} as TestApp;
  beforeAll(async () => {
    Object.assign(test, await buildTestApp(options));
  });
  afterAll(() => test.close());
  return test;
}

/** The test app of one test file, its clock stopped at the instant `iso`. */
export function testAppAt(iso: string, options: Omit<TestAppOptions, 'now'> = {}): TestApp {
  const at = new Date(iso);
  return testAppForFile({ ...options, now: () => at });
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LlmAdapter } from '../adapters/llm/index.ts';
import type { OcrAdapter } from '../adapters/ocr/index.ts';
import type { TsaAdapter } from '../adapters/tsa/tsa.ts';
import type { SmsAdapter } from '../adapters/sms/index.ts';
import type { WechatMpAdapter } from '../adapters/wechat-mp/index.ts';
import type { FileStorage } from '../adapters/storage/index.ts';
import { createDemoWecomAdapter, type WecomAdapter } from '../adapters/wecom/index.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';

/** An SMS adapter that remembers what it sent, so tests read codes the way a phone would. */
export function createRecordingSms(options: { revealsCode?: boolean } = {}) {
  const sent: { phone: string; code: string }[] = [];
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
  };
  return {
    adapter,
    sent,
    lastCodeFor: (phone: string) => sent.filter((s) => s.phone === phone).at(-1)?.code,
    /** The next send fails with this error, as a provider's refusal or outage would. */
    failNext: (error: Error) => {
      failure = error;
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on
 * the PostgreSQL of DATABASE_URL (dropped on close), so the same suite runs on both drivers.
 */
export async function openTestDatabase(config: Config): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(null);
    await database.migrate(config.migrationsFolder);
    return database;
  }
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), 4);
  await database.migrate(config.migrationsFolder);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
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
}

/** The whole server on a fresh database, answering through `app.inject`. */
export async function buildTestApp(options: TestAppOptions = {}) {
  // Uploaded files of a test go to a throwaway folder, never the repository's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-'));
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...options.config });
  const database = await openTestDatabase(config);
  const sms = createRecordingSms();
  const app = await buildApp({
    db: database.db,
    config,
    adapters: {
      sms: sms.adapter,
      wecom: options.wecom ?? createDemoWecomAdapter({ demoUserId: 'wecom-user-1' }),
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.ocr ? { ocr: options.ocr } : {}),
      ...(options.llm ? { llm: options.llm } : {}),
      ...(options.wechatMp ? { wechatMp: options.wechatMp } : {}),
      ...(options.tsa ? { tsa: options.tsa } : {}),
    },
    now: options.now ?? systemClock,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    sms,
    config,
    now: options.now ?? systemClock,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

import { estimateSecretBits, MIN_SECRET_BITS } from './secret-strength.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  /**
   * `transaction` when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): no named prepared
   * statements, which would land on whichever server connection the pooler hands out (decision 072).
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /** A direct connection for the change feed's LISTEN, which a transaction pooler cannot carry (decision 064). */
  LISTEN_DATABASE_URL: z.string().url().optional(),
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: lists, dashboards, exports and the funnel read from them
   * in turn, except right after the reader's own write (decision 077). Empty: everything reads the primary.
   */
  READ_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url('READ_REPLICA_URLS must be comma-separated postgres:// addresses'))),
  /** PGlite never fsyncs; production must say out loud that it accepts that. */
  ALLOW_EMBEDDED_DB_IN_PRODUCTION: flag,
  /** Demo mode: seed demo data, accept browsers outside WeCom, offline adapters by default. */
  DEMO_MODE: flag,
  /** Keys the HMAC of SMS codes and the signed WeCom identity cookie. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /** The origin people open (https://crm.example.com): every link the server hands out starts with it. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'PUBLIC_URL must start with https:// (or http://)')
    .optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  /** Sessions and the hot answers kept between requests while the database has not changed (decision 064). */
  READ_CACHE: flag,
  /** API calls a minute per session (per address without one); 0 turns the limit off (tests). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** SMS codes the people of one company may be sent in an hour, all addresses together; 0 turns it off. */
  SMS_PER_COMPANY_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  SMS_PROVIDER: z.enum(['demo', 'tencent']).optional(),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_ENDPOINT: z.string().url().optional(),
  /** The approved template of the e-sign reminder (issue 48): {1} company, {2} document, {3} link's end. */
  TENCENT_SMS_ESIGN_REMINDER_TEMPLATE_ID: z.string().optional(),
  WECOM_PROVIDER: z.enum(['demo', 'wecom']).optional(),
  WECOM_CORP_ID: z.string().optional(),
  WECOM_AGENT_ID: z.string().optional(),
  WECOM_SECRET: z.string().optional(),
  WECOM_API_BASE: z.string().url().optional(),
  /**
   * 渠道活码's callback URL (decision 083): the Token and EncodingAESKey entered beside it in WeCom's admin page
   * (客户联系 → API → 接收事件服务器). Unset in demo mode: the process makes its own for the offline WeCom.
   */
  WECOM_CALLBACK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{1,32}$/, 'WECOM_CALLBACK_TOKEN: up to 32 letters and digits, as WeCom makes it')
    .optional(),
  WECOM_CALLBACK_AES_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{43}$/, 'WECOM_CALLBACK_AES_KEY: the 43-character EncodingAESKey WeCom makes')
    .optional(),
  WECHAT_MP_PROVIDER: z.enum(['demo', 'wechat']).optional(),
  WECHAT_MP_APP_ID: z.string().optional(),
  WECHAT_MP_SECRET: z.string().optional(),
  WECHAT_MP_API_BASE: z.string().url().optional(),
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  OCR_PROVIDER: z.enum(['local', 'tencent']).default('local'),
  TENCENT_OCR_SECRET_ID: z.string().optional(),
  TENCENT_OCR_SECRET_KEY: z.string().optional(),
  TENCENT_OCR_REGION: z.string().optional(),
  TENCENT_OCR_ENDPOINT: z.string().url().optional(),
  /** The FAQ copilot's model (decision 053): any OpenAI-compatible chat-completions API; unset = extractive. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Copilot questions a minute per staff member; 0 turns the limit off. */
  COPILOT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Bearer token Prometheus sends to /metrics; without it /metrics is refused in production. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Seconds a stopping process waits for requests in flight before it exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** The WeCom OA template signing rejections are approved on (wxWorkApprove). */
  WECOM_APPROVAL_TEMPLATE_ID: z.string().default('signing-rejection'),
  /**
   * The company certificate e-sign seals PDFs with (decision 054): a PKCS#12 file, base64, and its
   * passphrase. Unset outside production: a self-signed demo certificate is made under DATA_DIR.
   */
  ESIGN_P12_BASE64: z.string().optional(),
  ESIGN_P12_PASSPHRASE: z.string().optional(),
  /** RFC 3161 timestamp authority for sealed e-sign PDFs; unset = off (decision 054). */
  ESIGN_TSA_URL: z.string().url().optional(),
  /** Hours a follow-up may stay open past its time before its reminder goes up to the leader (decision 058). */
  REMINDER_ESCALATE_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * The master key that wraps the companies' keys for personal values (decision 074): base64 of 32 random bytes.
   * Required in production unless PII_KMS_KEY_ID names a Tencent Cloud KMS key; the demo makes one under DATA_DIR.
   */
  PII_MASTER_KEY: z.string().optional(),
  PII_KMS_KEY_ID: z.string().optional(),
  PII_KMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_KMS_SECRET_ID: z.string().optional(),
  TENCENT_KMS_SECRET_KEY: z.string().optional(),
  TENCENT_KMS_ENDPOINT: z.string().url().optional(),
  /** Seconds between the reminder worker's passes over the job queue; 0 runs no worker in this process. */
  REMINDER_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
});

export type Env = z.input<typeof envSchema>;

/** The development secret: fine for a demo on a laptop, refused in production. */
const DEMO_SECRET = 'demo-only-secret-not-for-production-use-000';
/** The tests' master key, fixed so every test database of a process wraps its keys alike; never for data. */
const TEST_PII_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const MAKE_A_SECRET = 'Make one with `openssl rand -base64 48` (384 random bits).';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How DATABASE_URL is reached: directly, or through a pooler in transaction mode. */
  databasePooler: 'none' | 'transaction';
  /** Where the change feed listens: LISTEN_DATABASE_URL, else DATABASE_URL (only without a pooler). */
  listenDatabaseUrl: string | undefined;
  /** READ_REPLICA_URLS: none means every read goes to DATABASE_URL (decision 077). */
  readReplicaUrls: string[];
  demoMode: boolean;
  rateLimitPerMinute: number;
  sessionSecret: string;
  sessionTtlMs: number;
  /**
   * The origin every link the server hands out is built on (invites, entry links, OAuth redirects, signing
   * links, share images), never the request's Host header, which whoever sends the request chooses.
   * PUBLIC_URL, required in production; http://localhost:<PORT> elsewhere. No trailing slash.
   */
  publicUrl: string;
  webDist: string;
  logLevel: string;
  wecomApprovalTemplateId: string;
  /** A follow-up this long overdue goes up to the leader (REMINDER_ESCALATE_AFTER_HOURS). */
  reminderEscalateAfterMs: number;
  /** The reminder worker's pass interval; 0: no worker in this process (REMINDER_POLL_SECONDS). */
  reminderPollMs: number;
  trustProxy: boolean;
  /** On unless READ_CACHE=false: see decision 064. */
  readCache: boolean;
  sms:
    | { provider: 'demo' }
    | {
        provider: 'tencent';
        secretId: string;
        secretKey: string;
        sdkAppId: string;
        signName: string;
        templateId: string;
        endpoint: string | undefined;
        noticeTemplates: { 'esign-reminder'?: string };
      };
  wecom:
    | { provider: 'demo' }
    | { provider: 'wecom'; corpId: string; agentId: string; secret: string; apiBase: string | undefined };
  /** The callback URL's Token and EncodingAESKey (WECOM_CALLBACK_TOKEN, WECOM_CALLBACK_AES_KEY); null: unset. */
  wecomCallback: { token: string; encodingAesKey: string } | null;
  /** The WeChat official account whose web authorisation the channel portal uses (decision 052). */
  wechatMp: { provider: 'demo' } | { provider: 'wechat'; appId: string; secret: string; apiBase: string | undefined };
  /** Uploaded files: a folder under DATA_DIR, or an S3-compatible bucket. */
  storage:
    | { provider: 'local'; root: string }
    | {
        provider: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  ocr:
    | { provider: 'local' }
    | {
        provider: 'tencent';
        secretId: string;
        secretKey: string;
        region: string | undefined;
        endpoint: string | undefined;
      };
  /** The FAQ copilot's model; `none` answers extractively from the FAQ (the default, offline). */
  llm:
    | { provider: 'none' }
    | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };
  copilotPerMinute: number;
  /** The per-company ceiling on SMS codes an hour (decision 001); 0: none. */
  smsPerCompanyPerHour: number;
  /** The e-sign seal's certificate: the company's PKCS#12, or the demo one made under DATA_DIR (not in production). */
  esign: {
    p12: { base64: string; passphrase: string } | { demo: true; file: string };
    /** The RFC 3161 TSA asked to timestamp each sealed PDF; undefined = off. */
    tsaUrl: string | undefined;
  };
  /** Where the master key of personal values comes from (decision 074). */
  pii:
    | { provider: 'key'; base64: string }
    | { provider: 'demo-file'; file: string }
    | {
        provider: 'kms';
        keyId: string;
        region: string;
        secretId: string;
        secretKey: string;
        endpoint: string | undefined;
      };
  migrationsFolder: string;
  metricsToken: string | undefined;
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

/** The settings that hold text (keys, ids, names), as opposed to numbers, flags and choices. */
type TextSetting = {
  [K in keyof z.infer<typeof envSchema>]-?: z.infer<typeof envSchema>[K] extends string | undefined ? K : never;
}[keyof z.infer<typeof envSchema>];

/** The settings `why` needs, named by the config field each fills; refuses naming every one that is missing. */
function required<K extends string>(
  env: z.infer<typeof envSchema>,
  names: Record<K, TextSetting>,
  why: string,
): Record<K, string> {
  const missing = Object.values<TextSetting>(names).filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`${why} needs ${missing.join(', ')}`);
  const values = Object.entries<TextSetting>(names).map(([key, name]) => [key, env[name] ?? '']);
  return Object.fromEntries(values) as Record<K, string>;
}

/** The only reader of process.env. Throws ConfigError with a sentence a person can act on. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files commonly write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const demoMode = env.DEMO_MODE ?? !isProduction;
  const smsProvider = env.SMS_PROVIDER ?? (demoMode ? 'demo' : 'tencent');
  const wecomProvider = env.WECOM_PROVIDER ?? (demoMode ? 'demo' : 'wecom');
  const wechatMpProvider = env.WECHAT_MP_PROVIDER ?? (demoMode ? 'demo' : 'wechat');

  if (isProduction) {
    if (demoMode)
      throw new ConfigError(
        'NODE_ENV=production refuses DEMO_MODE=true: demo data and open browsers are for development.',
      );
    if (smsProvider === 'demo')
      throw new ConfigError(
        'NODE_ENV=production refuses SMS_PROVIDER=demo: it hands the verification code to whoever asks.',
      );
    if (wecomProvider === 'demo')
      throw new ConfigError(
        'NODE_ENV=production refuses WECOM_PROVIDER=demo: it logs anyone in as the demo WeCom member.',
      );
    if (wechatMpProvider === 'demo')
      throw new ConfigError(
        'NODE_ENV=production refuses WECHAT_MP_PROVIDER=demo: it signs any browser in as the demo WeChat user.',
      );
    if (!env.SESSION_SECRET) throw new ConfigError(`NODE_ENV=production needs SESSION_SECRET. ${MAKE_A_SECRET}`);
    if (!env.ESIGN_P12_BASE64)
      throw new ConfigError(
        'NODE_ENV=production needs ESIGN_P12_BASE64 (and ESIGN_P12_PASSPHRASE): e-sign refuses to seal contracts with the self-signed demo certificate.',
      );
    if (env.SESSION_SECRET === DEMO_SECRET)
      throw new ConfigError(
        `NODE_ENV=production refuses the demo SESSION_SECRET written in config.ts: anyone can sign with it. ${MAKE_A_SECRET}`,
      );
    const secretBits = estimateSecretBits(env.SESSION_SECRET);
    if (secretBits < MIN_SECRET_BITS)
      throw new ConfigError(
        `NODE_ENV=production refuses a guessable SESSION_SECRET: a strength estimator (zxcvbn: sequences, keyboard ` +
          `walks, repeats, words) guesses it in about 2^${secretBits} tries, fewer than 2^${MIN_SECRET_BITS}. ${MAKE_A_SECRET}`,
      );
    if (!env.PUBLIC_URL)
      throw new ConfigError(
        'NODE_ENV=production needs PUBLIC_URL, the https origin people open (https://crm.example.com): invite, entry ' +
          "and signing links and OAuth redirects are built from it, never from the request's Host header.",
      );
    if (!env.PII_MASTER_KEY && !env.PII_KMS_KEY_ID)
      throw new ConfigError(
        'NODE_ENV=production needs PII_MASTER_KEY (`openssl rand -base64 32`) or PII_KMS_KEY_ID: phones, ID numbers ' +
          'and bank cards are stored encrypted under it (decision 074). Keep it outside the database and its backups.',
      );
    if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DB_IN_PRODUCTION)
      throw new ConfigError(
        'NODE_ENV=production needs DATABASE_URL: the embedded PGlite database never calls fsync, so an OS crash can lose ' +
          'or corrupt acknowledged writes. Set ALLOW_EMBEDDED_DB_IN_PRODUCTION=true only if you accept that.',
      );
  }

  let sms: Config['sms'] = { provider: 'demo' };
  if (smsProvider === 'tencent') {
    const keys = {
      secretId: 'TENCENT_SMS_SECRET_ID',
      secretKey: 'TENCENT_SMS_SECRET_KEY',
      sdkAppId: 'TENCENT_SMS_SDK_APP_ID',
      signName: 'TENCENT_SMS_SIGN_NAME',
      templateId: 'TENCENT_SMS_TEMPLATE_ID',
    } as const;
    sms = {
      provider: 'tencent',
      ...required(env, keys, 'SMS_PROVIDER=tencent'),
      endpoint: env.TENCENT_SMS_ENDPOINT,
      noticeTemplates: env.TENCENT_SMS_ESIGN_REMINDER_TEMPLATE_ID
        ? { 'esign-reminder': env.TENCENT_SMS_ESIGN_REMINDER_TEMPLATE_ID }
        : {},
    };
  }
  let wecom: Config['wecom'] = { provider: 'demo' };
  if (wecomProvider === 'wecom') {
    const keys = { corpId: 'WECOM_CORP_ID', agentId: 'WECOM_AGENT_ID', secret: 'WECOM_SECRET' } as const;
    wecom = { provider: 'wecom', ...required(env, keys, 'WECOM_PROVIDER=wecom'), apiBase: env.WECOM_API_BASE };
  }

  if ((env.WECOM_CALLBACK_TOKEN === undefined) !== (env.WECOM_CALLBACK_AES_KEY === undefined))
    throw new ConfigError('WECOM_CALLBACK_TOKEN and WECOM_CALLBACK_AES_KEY go together: set both or neither.');
  const wecomCallback =
    env.WECOM_CALLBACK_TOKEN && env.WECOM_CALLBACK_AES_KEY
      ? { token: env.WECOM_CALLBACK_TOKEN, encodingAesKey: env.WECOM_CALLBACK_AES_KEY }
      : null;

  let wechatMp: Config['wechatMp'] = { provider: 'demo' };
  if (wechatMpProvider === 'wechat') {
    const keys = { appId: 'WECHAT_MP_APP_ID', secret: 'WECHAT_MP_SECRET' } as const;
    wechatMp = {
      provider: 'wechat',
      ...required(env, keys, 'WECHAT_MP_PROVIDER=wechat'),
      apiBase: env.WECHAT_MP_API_BASE,
    };
  }

  let storage: Config['storage'] = { provider: 'local', root: path.join(path.resolve(env.DATA_DIR), 'files') };
  if (env.STORAGE_PROVIDER === 's3') {
    const keys = {
      bucket: 'S3_BUCKET',
      accessKeyId: 'S3_ACCESS_KEY_ID',
      secretAccessKey: 'S3_SECRET_ACCESS_KEY',
    } as const;
    storage = {
      provider: 's3',
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      ...required(env, keys, 'STORAGE_PROVIDER=s3'),
      // A custom endpoint is almost always an S3-compatible server (SeaweedFS, Garage, COS), most of which want path style.
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    };
  }
  let ocr: Config['ocr'] = { provider: 'local' };
  if (env.OCR_PROVIDER === 'tencent') {
    const keys = { secretId: 'TENCENT_OCR_SECRET_ID', secretKey: 'TENCENT_OCR_SECRET_KEY' } as const;
    ocr = {
      provider: 'tencent',
      ...required(env, keys, 'OCR_PROVIDER=tencent'),
      region: env.TENCENT_OCR_REGION,
      endpoint: env.TENCENT_OCR_ENDPOINT,
    };
  }

  let llm: Config['llm'] = { provider: 'none' };
  if (env.LLM_BASE_URL) {
    llm = {
      provider: 'openai',
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      ...required(env, { model: 'LLM_MODEL' }, 'LLM_BASE_URL'),
      timeoutMs: env.LLM_TIMEOUT_MS,
    };
  }

  if (env.PII_MASTER_KEY && env.PII_KMS_KEY_ID)
    throw new ConfigError('PII_MASTER_KEY and PII_KMS_KEY_ID both set: the master key comes from one of them only');
  if (env.PII_MASTER_KEY && Buffer.from(env.PII_MASTER_KEY, 'base64').length !== 32)
    throw new ConfigError('PII_MASTER_KEY must be the base64 of 32 random bytes (`openssl rand -base64 32`)');
  let pii: Config['pii'] = env.PII_MASTER_KEY
    ? { provider: 'key', base64: env.PII_MASTER_KEY }
    : env.NODE_ENV === 'test'
      ? { provider: 'key', base64: TEST_PII_MASTER_KEY }
      : { provider: 'demo-file', file: path.join(path.resolve(env.DATA_DIR), 'pii-master.key') };
  if (env.PII_KMS_KEY_ID) {
    const keys = { secretId: 'TENCENT_KMS_SECRET_ID', secretKey: 'TENCENT_KMS_SECRET_KEY' } as const;
    pii = {
      provider: 'kms',
      keyId: env.PII_KMS_KEY_ID,
      region: env.PII_KMS_REGION,
      ...required(env, keys, 'PII_KMS_KEY_ID'),
      endpoint: env.TENCENT_KMS_ENDPOINT,
    };
  }

  // Behind a transaction pooler the read cache needs a direct connection to listen on; without one it is off.
  const canListen = env.DATABASE_POOLER === 'none' || Boolean(env.LISTEN_DATABASE_URL);
  if (env.READ_CACHE === true && !canListen)
    throw new ConfigError(
      'READ_CACHE=true with DATABASE_POOLER=transaction needs LISTEN_DATABASE_URL, a direct connection for the change feed',
    );
  const readCacheDefault = canListen;
  if (env.READ_REPLICA_URLS.length > 0 && !env.DATABASE_URL)
    throw new ConfigError(
      'READ_REPLICA_URLS needs DATABASE_URL: the embedded database (PGlite) has no replicas; unset READ_REPLICA_URLS or set DATABASE_URL to the primary',
    );

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePooler: env.DATABASE_POOLER,
    listenDatabaseUrl: env.LISTEN_DATABASE_URL ?? (env.DATABASE_POOLER === 'none' ? env.DATABASE_URL : undefined),
    readReplicaUrls: env.READ_REPLICA_URLS,
    demoMode,
    sessionSecret: env.SESSION_SECRET ?? DEMO_SECRET,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600_000,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    webDist: path.resolve(env.WEB_DIST),
    logLevel: env.LOG_LEVEL,
    wecomApprovalTemplateId: env.WECOM_APPROVAL_TEMPLATE_ID,
    reminderEscalateAfterMs: env.REMINDER_ESCALATE_AFTER_HOURS * 3600_000,
    reminderPollMs: env.REMINDER_POLL_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY ?? false,
    readCache: env.READ_CACHE ?? readCacheDefault,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? (env.NODE_ENV === 'test' ? 0 : 600),
    sms,
    wecom,
    wecomCallback,
    wechatMp,
    storage,
    ocr,
    llm,
    copilotPerMinute: env.COPILOT_PER_MINUTE,
    smsPerCompanyPerHour: env.SMS_PER_COMPANY_PER_HOUR,
    esign: {
      p12: env.ESIGN_P12_BASE64
        ? { base64: env.ESIGN_P12_BASE64, passphrase: env.ESIGN_P12_PASSPHRASE ?? '' }
        : { demo: true, file: path.join(path.resolve(env.DATA_DIR), 'esign-demo-cert.p12') },
      tsaUrl: env.ESIGN_TSA_URL,
    },
    pii,
    migrationsFolder: path.join(serverRoot, 'drizzle'),
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
  };
}

import { createAdapters } from './adapters/create-adapters.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemo } from './db/seed.ts';
import { MasterKeyError } from './pii/master-key.ts';
import { preparePii } from './pii/start.ts';
import { seedEsignDemo } from './db/seed-esign.ts';
import { asyncStdout, createLogger } from './ops/request-context.ts';
import { shutdownGracefully } from './ops/shutdown.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The server will not start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const stdout = asyncStdout();
  const logger = createLogger(config.logLevel, stdout);
  const database = await openDatabase(config);
  try {
    // Before the seed writes sealed values and before any request reads one (decision 074).
    await preparePii(database.db, config);
  } catch (error) {
    if (error instanceof MasterKeyError) {
      console.error(`The server will not start: ${error.message}`);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  if (config.demoMode && (await seedDemo(database.db, systemClock))) {
    // The e-sign demo order goes through the e-sign service: a real PDF, hash and evidence (decision 054).
    await seedEsignDemo(database.db, config, systemClock);
    logger.info('seeded the demo companies and staff (see README)');
  }

  const app = await buildApp({
    db: database.db,
    reads: database.reads,
    ...(config.readCache ? { changes: await database.changeFeed() } : {}),
    config,
    adapters: createAdapters(config, (message) => logger.info(message), systemClock),
    logger,
    now: systemClock,
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'closing: finishing the requests in flight');
    const outcome = await shutdownGracefully({
      app,
      closeDatabase: () => database.close(),
      graceMs: config.shutdownGraceMs,
      log: (message) => logger.warn(message),
    });
    logger.info({ outcome }, 'closed');
    stdout.flushSync();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    `CRM on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${config.demoMode ? ', demo mode' : ''})`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

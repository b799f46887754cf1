// By relative paths: vite.config.ts imports this file, and Node loads a package's TypeScript only when the config
// bundler inlines it, which it does for relative imports alone.
import { autoLogin, login, logout } from '../../../../packages/domain/src/endpoints/auth/index.ts';
import {
  bank,
  channel,
  clientList,
  detail,
  pending,
  pendingDetail,
  product,
  signUser,
  source,
} from '../../../../packages/domain/src/endpoints/cases/index.ts';
import { userinfo } from '../../../../packages/domain/src/endpoints/home/index.ts';
import { moneyList, moneyToConfirm } from '../../../../packages/domain/src/endpoints/money/index.ts';
import { sign, taskList } from '../../../../packages/domain/src/endpoints/sign/index.ts';

/*
 * The service worker's lists (decision 082), read by vite.config.ts at build time and written into sw.js as
 * constants: the worker itself carries no endpoint contracts (and no zod).
 */

/**
 * The reads kept for offline: the home page and its 待办 (userinfo), case lists and details, today's follow-ups,
 * the signing tasks, repayments and those to confirm, and the lists the new-case form picks from.
 */
export const OFFLINE_READS: readonly string[] = [
  userinfo,
  clientList,
  detail,
  pending,
  pendingDetail,
  taskList,
  sign,
  moneyList,
  moneyToConfirm,
  bank,
  channel,
  product,
  source,
  signUser,
].map((endpoint) => endpoint.path);

/** The calls after which the kept answers belong to nobody: a sign-in (maybe someone else's) and a sign-out. */
export const SESSION_PATHS: readonly string[] = [login, autoLogin, logout].map((endpoint) => endpoint.path);

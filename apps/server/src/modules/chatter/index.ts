/*
 * The public surface of modules/chatter (the WeCom sidebar's wallet and points tool, decision 055): the
 * repository and service the demo seed moves its points through (the same ledger code as a send).
 */
export { createChatterRepository } from './chatter.repository.ts';
export { createChatterService } from './chatter.service.ts';

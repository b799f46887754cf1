/*
 * The public surface of modules/chatter (the WeCom sidebar's wallet and points tool, decision 055): the
 * repository and service the demo seed moves its points through (the same ledger code as a send).
 */
export { createChatterRepository } from './chatter.repository.ts';
export { createChatterService } from './chatter.service.ts';
// The files as a group send's audience (decision 080).
export { audienceChoices, audienceOf, filingsByIds, lockFilings } from './audience.repository.ts';
export type { AudienceFilter, AudienceMember } from './audience.repository.ts';

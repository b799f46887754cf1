/*
 * The public surface of modules/esign: the signer's cookie name. app.ts wires the routes; the seed makes
 * its demo order through the service (db/seed-esign.ts).
 */
export { SIGNER_COOKIE } from './esign.routes.ts';

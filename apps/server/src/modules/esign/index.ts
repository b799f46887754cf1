/*
 * The public surface of modules/esign: the signer's cookie name. app.ts wires the routes; the seed makes
 * its demo order through the service (db/seed-esign.ts).
 */
export { SIGNER_COOKIE } from './esign.routes.ts';

/** The PDF drawing and the company seal, which the commission statements use too (decision 067). */
export { renderDocument, type DocPage } from './esign.pdf.ts';
export { loadSealCertificate, sealPdf, type SealCertificate } from './esign.seal.ts';

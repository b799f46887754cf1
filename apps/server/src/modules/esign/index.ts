/*
 * The public surface of modules/esign: nothing other modules read yet; app.ts wires the routes.
 */
export { SIGNER_COOKIE } from './esign.routes.ts';

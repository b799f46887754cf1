import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { esignOrders } from '../../db/schema/esign.ts';
/*
 * The public surface of modules/esign: the signer's cookie name. app.ts wires the routes; the seed makes
 * its demo order through the service (db/seed-esign.ts).
 */
export { SIGNER_COOKIE } from './esign.routes.ts';

/** The PDF drawing and the company seal, which the commission statements use too (decision 067). */
export { renderDocument, type DocPage } from './esign.pdf.ts';
export { loadSealCertificate, sealPdf, type SealCertificate } from './esign.seal.ts';

/** A merge (decision 066): the merged case's e-sign orders move to the kept one; null when both have one open. */
export async function moveCaseEsignOrders(tx: Tx, corpId: number, from: number, to: number): Promise<number | null> {
  const open = await tx
    .select({ clientId: esignOrders.clientId })
    .from(esignOrders)
    .where(
      and(eq(esignOrders.corpId, corpId), inArray(esignOrders.clientId, [from, to]), eq(esignOrders.status, 'sent')),
    );
  if (new Set(open.map((row) => row.clientId)).size === 2) return null;
  const moved = await tx
    .update(esignOrders)
    .set({ clientId: to })
    .where(and(eq(esignOrders.corpId, corpId), eq(esignOrders.clientId, from)))
    .returning({ id: esignOrders.id });
  return moved.length;
}

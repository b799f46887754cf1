import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { houseBrokerageOrders, houseClients } from '../../db/schema/house.ts';
import { sealerOf } from '../../pii/fields.ts';

/*
 * Home-loan clients' side of a data-subject request (decision 071): what is held about one person, and the
 * erasure of what no duty keeps. Reached by modules/retention through index.ts.
 */

type Executor = Db | Tx;

/** Every home-loan client of the company naming this phone or ID number, with whether a duty keeps it. */
export async function houseClientsOfSubject(ex: Executor, corpId: number, who: { phone?: string; idNumber?: string }) {
  // Sealed values, found through their blind indexes (decision 074).
  const pii = await sealerOf(ex, corpId);
  const match = or(
    ...(who.phone ? [eq(houseClients.phoneBidx, pii.index('phone', who.phone) ?? '')] : []),
    ...(who.idNumber ? [eq(houseClients.idNumberBidx, pii.index('id_number', who.idNumber) ?? '')] : []),
  );
  if (!match) return [];
  return ex
    .select({
      id: houseClients.id,
      name: houseClients.name,
      phone: houseClients.phone,
      idNumber: houseClients.idNumber,
      status: houseClients.status,
      bank: houseClients.bank,
      product: houseClients.product,
      loanAmountFen: houseClients.loanAmountFen,
      termMonths: houseClients.termMonths,
      remark: houseClients.remark,
      createdAt: houseClients.createdAt,
      signedAt: houseClients.signedAt,
      deletedAt: houseClients.deletedAt,
      // A signed client, or one with a brokerage order, is in the company's books (the ledger points at it).
      hasOrders: sql<boolean>`exists (select 1 from ${houseBrokerageOrders} o where o.corp_id = ${houseClients.corpId} and o.house_client_id = ${houseClients.id})`,
    })
    .from(houseClients)
    .where(and(eq(houseClients.corpId, corpId), match))
    .orderBy(asc(houseClients.id));
}
export type SubjectHouseClient = Awaited<ReturnType<typeof houseClientsOfSubject>>[number];

/** Blanks these home-loan clients' personal fields (loan figures, dates and status stay), in the caller's transaction. */
export async function eraseHouseClients(tx: Tx, corpId: number, ids: number[], erasedName: string) {
  if (ids.length === 0) return 0;
  const done = await tx
    .update(houseClients)
    .set({
      name: erasedName,
      phone: '',
      phoneBidx: null,
      phoneLast4Bidx: null,
      idNumber: null,
      idNumberBidx: null,
      remark: '',
    })
    .where(
      and(
        eq(houseClients.corpId, corpId),
        inArray(houseClients.id, ids),
        isNull(houseClients.signedAt),
        sql`not exists (select 1 from ${houseBrokerageOrders} o where o.corp_id = ${houseClients.corpId} and o.house_client_id = ${houseClients.id})`,
      ),
    )
    .returning({ id: houseClients.id });
  return done.length;
}

import type { OcrAdapter } from '../adapters/ocr/index.ts';
import { createDemoWecomAdapter, type ExternalContact, type WecomAdapter } from '../adapters/wecom/index.ts';
import { createChatterRepository } from '../modules/chatter/chatter.repository.ts';
import { createChatterService } from '../modules/chatter/chatter.service.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';

/** A valid resident ID number (GB 11643 check character X). */
export const VALID_ID_NUMBER = '11010519491231002X';

/** The demo WeCom, with the external contacts a test decides (who follows whom). */
export function wecomWithContacts(contacts: ExternalContact[]): WecomAdapter & { contacts: ExternalContact[] } {
  const demo = createDemoWecomAdapter({ demoUserId: 'wecom-user-1' });
  return {
    ...demo,
    contacts,
    async getExternalContact(id) {
      return contacts.find((c) => c.externalUserid === id) ?? null;
    },
  };
}

/** An OCR engine that reads whatever the test says the card shows. */
export function scriptedIdOcr(): OcrAdapter & { reads: string } {
  const ocr = {
    kind: 'local' as const,
    reads: VALID_ID_NUMBER,
    async recognize() {
      return { number: ocr.reads, confidence: 0.95, valid: true };
    },
    async close() {},
  };
  return ocr;
}

/** Grants a member points from the company's pool through the ledger (the seed's way). */
export async function grantPoints(
  db: Db,
  now: Clock,
  person: { corpId: number; id: number },
  amount: number,
  key: string,
) {
  const service = createChatterService({
    repo: createChatterRepository(db),
    wecom: createDemoWecomAdapter(),
    recognizeIdCard: async () => ({ number: '', valid: false }),
    now,
    publicUrl: 'http://localhost:3000',
  });
  return service.grantPoints(person.corpId, person.id, person.id, amount, '测试发放', key);
}

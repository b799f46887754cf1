import { customerFilings } from '../db/schema/chatter.ts';
import type { TestApp } from './build-test-app.ts';
import { insertRow } from './factories.ts';

let n = 0;

/** A customer file of `owner`'s, with tags and a source; its external_userid is unique. */
export function createFiling(
  db: TestApp['db'],
  owner: { corpId: number; id: number },
  fields: { name: string; tags?: string[]; source?: string; externalUserid?: string },
) {
  n += 1;
  return insertRow(
    db,
    customerFilings,
    {
      corpId: owner.corpId,
      staffId: owner.id,
      externalUserid:
        fields.externalUserid ?? `wmGroupSend${String(n).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`,
      name: fields.name,
      tags: fields.tags ?? [],
      source: fields.source ?? '',
      createdAt: new Date('2026-11-01T00:00:00Z'),
    },
    'customer filing',
  );
}

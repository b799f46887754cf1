import { describe, expect, it } from 'vitest';
import { apiFields, sentFields } from './api-fields.ts';

describe('apiFields', () => {
  it('names the chosen fields of a row as the API spells them, values untouched', () => {
    expect(apiFields({ signerName: '王', teamId: 3, other: 1 }, ['signerName', 'teamId'])).toEqual({
      signer_name: '王',
      team_id: 3,
    });
  });
});

describe('sentFields', () => {
  it("keeps only the fields a patch sent, under their columns' names; null and false are sent values", () => {
    const form: { name?: string; team_id?: number | null; is_leader?: boolean; sex?: number } = {
      team_id: null,
      is_leader: false,
    };
    expect(sentFields(form, ['name', 'team_id', 'is_leader', 'sex'])).toEqual({ teamId: null, isLeader: false });
  });
});

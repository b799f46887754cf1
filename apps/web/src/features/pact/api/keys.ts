import { featureKeys } from '../../../lib/api-query.ts';
/** Query keys of the financing agreement. */
export const pactKeys = {
  ...featureKeys('pact'),
  one: (clientId: number) => ['pact', clientId] as const,
};

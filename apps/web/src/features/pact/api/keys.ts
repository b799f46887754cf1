/** Query keys of the financing agreement. */
export const pactKeys = {
  all: ['pact'] as const,
  one: (clientId: number) => ['pact', clientId] as const,
};

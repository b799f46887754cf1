/** Query keys of the money feature; mutations invalidate by these. */
export const moneyKeys = {
  all: ['money'] as const,
  list: (clientId: number) => ['money', 'list', clientId] as const,
  proofs: (clientId: number) => ['money', 'proofs', clientId] as const,
  rejections: () => ['money', 'rejections'] as const,
};

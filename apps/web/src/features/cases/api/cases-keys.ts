/** Query keys of the case calls; mutations invalidate by these prefixes. */
export const casesKeys = {
  all: ['cases'] as const,
  list: (filter: object) => ['cases', 'list', filter] as const,
  detail: (id: number) => ['cases', 'detail', id] as const,
  pending: (due: string) => ['cases', 'pending', due] as const,
  pendingDetail: (id: number) => ['cases', 'pendingDetail', id] as const,
  service: (status: string) => ['cases', 'service', status] as const,
  serviceOne: (id: number) => ['cases', 'serviceOne', id] as const,
  appeals: ['cases', 'appeals'] as const,
  statistic: (scope: string) => ['cases', 'statistic', scope] as const,
  reference: (name: string, arg?: unknown) => ['reference', name, arg] as const,
};

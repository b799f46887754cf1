import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/crm/logout: ends the server session (the httpOnly cookie). */
export async function logout(): Promise<void> {
  await apiPost<unknown>('/api/crm/logout');
}

/** The caller clears the query cache once it has left the page (clearing it here would refetch). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

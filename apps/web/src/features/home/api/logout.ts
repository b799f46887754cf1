import { authRefs } from '@crm/domain/endpoint-refs';
import { useMutation } from '@tanstack/react-query';
import { sendRef } from '../../../lib/api-client.ts';

/** POST logout: ends the server session (the httpOnly cookie). */
export async function logout(): Promise<void> {
  await sendRef(authRefs.logout, {});
}

/** The caller clears the query cache once it has left the page (clearing it here would refetch). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

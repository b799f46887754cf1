import { useQuery } from '@tanstack/react-query';
import { openSidebarSdk } from './sidebar-sdk.ts';

/** The JS-SDK and the chat's current external contact (null outside a single chat). */
export function useSidebar() {
  return useQuery({
    queryKey: ['chattergee', 'sidebar'],
    queryFn: async () => {
      const sdk = await openSidebarSdk();
      return { sdk, contact: await sdk.currentContact() };
    },
    staleTime: Infinity,
  });
}

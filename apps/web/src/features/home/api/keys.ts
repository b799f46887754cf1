import { userinfoKeys } from '../../../lib/badge-counts.ts';

/** Query keys of the home feature (its userinfo key is shared through lib, see badge-counts.ts). */
export const homeKeys = {
  userinfo: userinfoKeys.user,
};

import type { StaffIdentity } from './staff/index.ts';

/**
 * Who else holds the customer a form names, as the masked sentence of the duplicate check (decision 066); null
 * when nobody. modules/ownership answers it; app.ts hands it to every module that creates a customer's record,
 * so no module imports ownership (which reads theirs). `except` is the record itself (`case:12`,
 * `referral:3`); `ignore` the kinds the create refuses by its own rule, in its own words.
 */
export type HolderCheck = (
  corpId: number,
  who: { phone: string; idNumber?: string | null | undefined },
  caller:
    | { kind: 'staff'; corpId: number; staff: StaffIdentity }
    | { kind: 'partner'; corpId: number; id: number }
    | { kind: 'agent'; corpId: number; id: number },
  options?: {
    except?: string | null | undefined;
    ignore?: readonly ('case' | 'referral' | 'channel_referral' | 'house_client' | 'pool')[];
  },
) => Promise<string | null>;

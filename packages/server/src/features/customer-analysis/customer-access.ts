import { CUSTOMER_CONTACT_ROLES } from '@salon/contracts';
import type { Caller } from '../../lib/caller.js';

/**
 * Whether the caller sees clients' phone, email and consents: the salon's managers only
 * (CUSTOMER_CONTACT_ROLES). Checked apart from the report's level, so opening the report to more
 * roles would not open the contact details with it.
 */
export function seesContacts(caller: Pick<Caller, 'roles'>): boolean {
  return CUSTOMER_CONTACT_ROLES.some((role) => caller.roles.includes(role));
}

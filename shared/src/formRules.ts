// Rules of the member forms that need no schema: the forms' views use them at render time and ship
// without zod (their schemas load with the first validation, useZodForm). Not part of the shared
// singleton (./browser.ts), so a route pays for them only when its view uses them: remotes take
// them from `@dating/shared/ui`, the schemas (and Node) from `@dating/shared/schemas`.
import { NAME_MAX } from './rules';

/** The part of an address before the at sign: the name a member gets when they leave it empty (spec §5). */
export function nameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return (at > 0 ? email.slice(0, at) : '').trim().slice(0, NAME_MAX);
}
/** Spec §5: the server check of an address runs only once it has an at sign and a dot. */
export function worthCheckingEmail(email: string): boolean {
  return email.includes('@') && email.includes('.');
}
/** Complaint categories of the /complaints form. */
export const COMPLAINT_CATEGORIES = ['member', 'message', 'payment', 'photo', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
/** The length a complaint's description takes (the /complaints form and the API). */
export const COMPLAINT_DESCRIPTION_MIN = 20;
export const COMPLAINT_DESCRIPTION_MAX = 5000;

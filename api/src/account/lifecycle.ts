import type { Db } from '../db';

/** The member a deletion is about. */
export interface DeletedMember {
  id: number;
  site_id: number;
  email: string;
}

/** A file of the member's export that is not JSON (a photo): its path in the ZIP and how to read it. */
export interface ExportBlob {
  path: string;
  read(): Promise<Uint8Array | null>;
}

/** What a feature adds to the member's export: JSON documents by file name, and files. */
export interface MemberExport {
  json?: Record<string, unknown>;
  blobs?: ExportBlob[];
}

/**
 * What a feature does when a member is deleted, exported or suspended. Each feature registers its
 * own (registerMemberHooks, from its plugin), so that the account knows no feature's tables:
 *
 * - `erase`: in the deletion's transaction, before the member's row goes. Rows that ON DELETE
 *   CASCADE takes with the member need nothing; a feature that keeps rows (without the member) or
 *   removes rows that do not reference the member says so here. Answers photo files to delete once
 *   the transaction is committed, if any.
 * - `export`: the feature's part of the member's data export (GDPR art. 15 and 20), read in the
 *   export's transaction.
 * - `suspend`: in the transaction that suspends or bans the member.
 */
export interface MemberHooks {
  erase?(tx: Db, member: DeletedMember): Promise<string[] | void>;
  export?(tx: Db, memberId: number): Promise<MemberExport>;
  suspend?(tx: Db, memberId: number, to: 'suspended' | 'banned'): Promise<void>;
}

/** By feature, in the order the features registered (the order of the export's files). */
const registered = new Map<string, MemberHooks>();

/**
 * A feature's hooks (called from its plugin when the app is built). Registering a feature again
 * replaces its hooks (several apps in one process, as in tests, register the same ones).
 */
export function registerMemberHooks(feature: string, hooks: MemberHooks): void {
  registered.set(feature, hooks);
}

/** The features with hooks, in registration order (tests, docs). */
export function memberHookFeatures(): string[] {
  return [...registered.keys()];
}

/** Runs every feature's `erase` in the caller's transaction; answers the files to delete after it. */
export async function eraseMemberData(tx: Db, member: DeletedMember): Promise<string[]> {
  const files: string[] = [];
  for (const hooks of registered.values()) files.push(...((await hooks.erase?.(tx, member)) ?? []));
  return files;
}

/** Every feature's part of the member's export, in the caller's transaction, in registration order. */
export async function exportMemberData(tx: Db, memberId: number): Promise<Required<MemberExport>> {
  const out: Required<MemberExport> = { json: {}, blobs: [] };
  for (const hooks of registered.values()) {
    const part = await hooks.export?.(tx, memberId);
    Object.assign(out.json, part?.json);
    out.blobs.push(...(part?.blobs ?? []));
  }
  return out;
}

/** Runs every feature's `suspend` in the caller's transaction (a suspension or a ban). */
export async function suspendMember(tx: Db, memberId: number, to: 'suspended' | 'banned'): Promise<void> {
  for (const hooks of registered.values()) await hooks.suspend?.(tx, memberId, to);
}

/**
 * The ownership rule of recordings (docs/ARCHITECTURE.md, "Roles"): a `user` sees and acts on
 * the recordings they imported; managers and admins on all of their organization's. Services
 * pass this to their queries; the route's `access` says who may call at all.
 */
import type { AuthUser } from '../plugins/auth.js';

/** The owner a caller's recording queries are limited to, or undefined for the whole organization. */
export function recordingOwnerScope(caller: Pick<AuthUser, 'id' | 'role'>): number | undefined {
  return caller.role === 'user' ? caller.id : undefined;
}

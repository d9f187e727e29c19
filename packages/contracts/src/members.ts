import { z } from 'zod';
import { Id } from './http.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Role, UserType } from './users.js';

/**
 * Members of an organization: invitations (the only way to join an existing organization) and
 * the admin's changes of role and removals. See docs/ARCHITECTURE.md, "Roles" and "Teams".
 */

/** Invitations last seven days. */
export const INVITATION_TTL_DAYS = 7;

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const trimmed = (max: number) => z.string().trim().min(1).max(max);
const UserName = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Use letters, digits, dot, dash or underscore');
/** The invitation token of the e-mailed link (`/accept-invite/{token}`): 43 base64url characters. */
export const InvitationToken = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not an invitation token');

export const InviteRequest = z.object({
  email: Email,
  role: Role,
  location_ids: z.array(Id).max(100).optional().describe('CRM accounts (locations) the member joins'),
});
export type InviteRequest = z.infer<typeof InviteRequest>;

export const InvitationStatus = z.enum(['pending', 'accepted', 'expired', 'revoked']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const Invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  location_ids: z.array(z.number().int()),
  invitedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: InvitationStatus,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.object({ invitations: z.array(Invitation) });
export type InvitationList = z.infer<typeof InvitationList>;

export const InvitationIdParams = z.object({ id: Id });
export const InvitationTokenParams = z.object({ token: InvitationToken });

/** What the accept page shows before the invitee sets a password (public, by token). */
export const InvitationPreview = z.object({
  email: z.string(),
  role: Role,
  organization: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptInviteRequest = z.object({
  token: InvitationToken,
  firstName: trimmed(100),
  lastName: trimmed(100),
  userName: UserName,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
export type AcceptInviteRequest = z.infer<typeof AcceptInviteRequest>;

/** A member as the admin's member screen shows it. */
export const Member = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  role: Role,
  user_type: UserType,
  createdAt: z.string(),
});
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({ members: z.array(Member) });
export type MemberList = z.infer<typeof MemberList>;

export const MemberIdParams = z.object({ id: Id });
export const UpdateMemberRequest = z.object({ role: Role });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

/** Refusals the web shows as they are. */
export const INVITE_EMAIL_HAS_ACCOUNT =
  'This e-mail address already has a Call Insights account; a person can belong to one organization only.';
export const LAST_ADMIN = 'An organization needs at least one admin: make another member admin first.';

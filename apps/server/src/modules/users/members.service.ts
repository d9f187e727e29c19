/**
 * Owns membership: invitations by e-mail (single use, seven days, only their SHA-256 stored),
 * accepting one (the member is created in the inviting organization and signed in), the admin's
 * role changes and removals. The last admin can be neither demoted nor removed; a member whose
 * role changed or who was removed loses their sessions at once (token version + cache).
 */
import {
  INVITATION_TTL_DAYS,
  INVITE_EMAIL_HAS_ACCOUNT,
  LAST_ADMIN,
  type AcceptInviteRequest,
  type Invitation,
  type InvitationPreview,
  type InviteRequest,
  type Member,
} from '@call-insights/contracts/members';
import { SIGNUP_TAKEN, type LoginResponse } from '@call-insights/contracts/users';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/email/mailer.js';
import { AppError } from '../../errors.js';
import type { Language } from '../../i18n/translate.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { AuthUser, TokenService } from '../../plugins/auth.js';
import type { LocationsService } from '../locations/locations.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import {
  MembershipRefusal,
  type InvitationRow,
  type MemberRow,
  type MembersRepository,
  type Role,
} from './members.repository.js';
import { invitationMail } from './mails.js';
import type { SessionService } from './sessions.js';
import type { UsersRepository } from './users.repository.js';
import { hashPassword, isUniqueViolation, toUser } from './users.service.js';

export type MembersServiceDeps = {
  repo: MembersRepository;
  users: UsersRepository;
  tokens: TokenService;
  mailer: Mailer;
  sessions: Pick<SessionService, 'invalidate'>;
  notify: Notify;
  /** CRM accounts (locations module): which ids are the organization's, and giving them to a member. */
  locations: Pick<LocationsService, 'idsInOrganization' | 'assignMember'>;
  publicUrl: string;
  log: Logger;
  /**
   * Invitation e-mails an organization may send per hour, in all and to one address: every invite
   * sends a mail to an address the admin typed, so without a cap one account could mail anyone,
   * endlessly. Counted in the database, so it holds across API processes.
   */
  invitesPerHour?: { organization: number; address: number };
  now?: () => Date;
};

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
const DEFAULT_INVITES_PER_HOUR = { organization: 50, address: 3 };

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    firstname: row.firstName,
    lastname: row.lastName,
    username: row.username,
    email: row.email,
    role: row.role,
    user_type: row.userType,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createMembersService(deps: MembersServiceDeps) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());

  function toInvitation(row: InvitationRow): Invitation {
    const status = row.acceptedAt
      ? 'accepted'
      : row.revokedAt
        ? 'revoked'
        : row.expiresAt.getTime() <= now().getTime()
          ? 'expired'
          : 'pending';
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      location_ids: row.locationIds,
      invitedBy: row.invitedBy === null ? null : { id: row.invitedBy, name: row.invitedByName ?? '' },
      status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The refusal of a token that cannot be used, as an answer the invitee can act on. */
  function refusal(reason: MembershipRefusal['reason']): AppError {
    switch (reason) {
      case 'used':
        return new AppError('CONFLICT', 'This invitation has already been used. Sign in instead.');
      case 'expired':
        return new AppError(
          'BAD_REQUEST',
          'This invitation has expired. Ask your admin to invite you again.',
        );
      case 'last_admin':
        return new AppError('CONFLICT', LAST_ADMIN);
      case 'not_found':
        return new AppError('NOT_FOUND', 'This member was not found.');
      default:
        return new AppError(
          'NOT_FOUND',
          'This invitation link is not valid (it may have been revoked). Ask your admin for a new one.',
        );
    }
  }

  async function usableInvitation(token: string): Promise<InvitationRow> {
    const row = await repo.findInvitationByHash(sha256(token));
    if (!row || row.revokedAt) throw refusal('invalid');
    if (row.acceptedAt) throw refusal('used');
    if (row.expiresAt.getTime() <= now().getTime()) throw refusal('expired');
    return row;
  }

  /** 429 once the organization, or one address, had its invitations for the hour (`invitesPerHour`). */
  async function checkInviteRate(organizationId: number, email: string) {
    const limits = deps.invitesPerHour ?? DEFAULT_INVITES_PER_HOUR;
    const since = new Date(now().getTime() - HOUR_MS);
    const waitFrom = (oldest: Date | null) =>
      Math.max(60, Math.ceil(((oldest?.getTime() ?? now().getTime()) + HOUR_MS - now().getTime()) / 1000));
    const toAddress = await repo.invitationsSentSince(organizationId, since, email);
    if (toAddress.count >= limits.address) {
      const seconds = waitFrom(toAddress.oldest);
      throw new AppError(
        'RATE_LIMITED',
        'This address was already sent {count} invitations in the last hour. Try again in {minutes} minutes.',
        { params: { count: toAddress.count, minutes: Math.ceil(seconds / 60) }, retryAfterSeconds: seconds },
      );
    }
    const all = await repo.invitationsSentSince(organizationId, since);
    if (all.count >= limits.organization) {
      const seconds = waitFrom(all.oldest);
      throw new AppError(
        'RATE_LIMITED',
        'Your organization sent {count} invitations in the last hour. Try again in {minutes} minutes.',
        { params: { count: all.count, minutes: Math.ceil(seconds / 60) }, retryAfterSeconds: seconds },
      );
    }
  }

  async function changeSessionsOf(userId: number) {
    await deps.sessions.invalidate(userId);
  }

  return {
    /** Invites by e-mail, the mail in the language of the request (`lang`). */
    async invite(caller: AuthUser, input: InviteRequest, lang: Language = 'en'): Promise<Invitation> {
      if (await repo.emailHasAccount(input.email)) {
        throw new AppError('CONFLICT', INVITE_EMAIL_HAS_ACCOUNT, {
          fields: [{ path: 'email', message: INVITE_EMAIL_HAS_ACCOUNT }],
        });
      }
      await checkInviteRate(caller.organizationId, input.email);
      const wanted = [...new Set(input.location_ids ?? [])];
      const found = await deps.locations.idsInOrganization(caller.organizationId, wanted);
      if (found.length !== wanted.length) {
        throw new AppError('NOT_FOUND', 'One of the chosen accounts was not found in your organization.');
      }
      const token = randomToken(32);
      const id = await repo.createInvitation({
        organizationId: caller.organizationId,
        email: input.email,
        role: input.role,
        locationIds: wanted,
        tokenHash: sha256(token),
        invitedBy: caller.id,
        expiresAt: new Date(now().getTime() + INVITATION_TTL_DAYS * DAY_MS),
      });
      const row = await repo.findInvitation(caller.organizationId, id);
      if (!row) throw new Error('invitation vanished');
      const link = `${deps.publicUrl.replace(/\/$/, '')}/accept-invite/${token}`;
      await deps.mailer.send({
        to: input.email,
        ...invitationMail(lang, {
          inviter: row.invitedByName,
          organization: row.organizationName,
          role: input.role,
          days: INVITATION_TTL_DAYS,
          link,
        }),
        meta: { kind: 'invitation', invitationId: id, organizationId: caller.organizationId },
      });
      log.info({ invitationId: id, by: caller.id, role: input.role }, 'invitation sent');
      return toInvitation(row);
    },

    async invitations(caller: AuthUser): Promise<{ invitations: Invitation[] }> {
      return { invitations: (await repo.openInvitations(caller.organizationId)).map(toInvitation) };
    },

    async revokeInvitation(caller: AuthUser, id: number): Promise<void> {
      if (!(await repo.revokeInvitation(caller.organizationId, id))) {
        throw new AppError('NOT_FOUND', 'This invitation was not found or is no longer pending.');
      }
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await usableInvitation(token);
      return {
        email: row.email,
        role: row.role,
        organization: row.organizationName,
        invitedBy: row.invitedByName,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async accept(input: AcceptInviteRequest): Promise<LoginResponse> {
      if (input.password !== input.confirmPassword) {
        throw new AppError('VALIDATION_FAILED', "Password and Confirm password isn't matched", {
          fields: [{ path: 'confirmPassword', message: "Password and Confirm password isn't matched" }],
        });
      }
      const invitation = await usableInvitation(input.token);
      if (await repo.emailHasAccount(invitation.email))
        throw new AppError('CONFLICT', INVITE_EMAIL_HAS_ACCOUNT);
      if (await deps.users.isTaken(input.userName, invitation.email)) {
        throw new AppError('CONFLICT', SIGNUP_TAKEN, {
          fields: [{ path: 'userName', message: SIGNUP_TAKEN }],
        });
      }
      let accepted;
      try {
        accepted = await repo.acceptInvitation({
          tokenHash: sha256(input.token),
          now: now(),
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.userName,
          passwordHash: await hashPassword(input.password),
        });
      } catch (err) {
        if (err instanceof MembershipRefusal) throw refusal(err.reason);
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', SIGNUP_TAKEN);
        throw err;
      }
      const row = await deps.users.findById(accepted.userId);
      if (!row) throw new Error('accepted member vanished');
      await deps.locations.assignMember(
        row.organizationId,
        row.id,
        accepted.invitation.locationIds,
        accepted.invitation.role,
      );
      log.info({ userId: row.id, invitationId: accepted.invitation.id }, 'invitation accepted');
      const inviter = accepted.invitation.invitedBy;
      await deps.notify({
        organizationId: row.organizationId,
        recipients: inviter === null ? 'admins' : [inviter],
        kind: 'invitation_accepted',
        params: { name: `${row.firstName} ${row.lastName}`, email: row.email, role: row.role },
        link: { type: 'member', id: row.id },
      });
      const { token, expiresAt } = await deps.tokens.issue(row);
      return { accessToken: token, expiresAt, user: toUser(row) };
    },

    async list(caller: AuthUser): Promise<{ members: Member[] }> {
      return { members: (await repo.members(caller.organizationId)).map(toMember) };
    },

    async setRole(caller: AuthUser, id: number, role: Role): Promise<Member> {
      try {
        const outcome = await repo.setRole(caller.organizationId, id, role);
        if (outcome === 'changed') {
          await changeSessionsOf(id);
          log.info({ userId: id, by: caller.id, role }, 'member role changed');
        }
      } catch (err) {
        if (err instanceof MembershipRefusal) throw refusal(err.reason);
        throw err;
      }
      const row = await repo.member(caller.organizationId, id);
      if (!row) throw refusal('not_found');
      return toMember(row);
    },

    async remove(caller: AuthUser, id: number): Promise<void> {
      try {
        await repo.remove(caller.organizationId, id);
      } catch (err) {
        if (err instanceof MembershipRefusal) throw refusal(err.reason);
        throw err;
      }
      await changeSessionsOf(id);
      log.info({ userId: id, by: caller.id }, 'member removed');
    },

    adminIds: (organizationId: number) => repo.adminIds(organizationId),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

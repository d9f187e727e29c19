import { defineRoute } from './http.js';
import {
  AcceptInviteRequest,
  Invitation,
  InvitationIdParams,
  InvitationList,
  InvitationPreview,
  InvitationTokenParams,
  InviteRequest,
  Member,
  MemberIdParams,
  MemberList,
  UpdateMemberRequest,
} from './members.js';
import { LoginResponse } from './users.js';

/**
 * Invitations (under /users, as the issue names them) and member administration (under /members).
 * Role rules are the `access` field; organization scoping is the service's.
 */
const tags = ['members'] as const;

export const membersApi = {
  invite: defineRoute({
    method: 'POST',
    path: '/users/invite',
    access: 'admin',
    summary: 'Invite someone by e-mail with a role (a pending invitation to the same address is replaced)',
    tags,
    body: InviteRequest,
    status: 201,
    response: Invitation,
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  invitations: defineRoute({
    method: 'GET',
    path: '/users/invitations',
    access: 'admin',
    summary: 'Pending invitations of the organization',
    tags,
    response: InvitationList,
  }),
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/users/invitations/:id',
    access: 'admin',
    summary: 'Revoke a pending invitation (its link stops working)',
    tags,
    params: InvitationIdParams,
    status: 204,
    produces: 'none',
    errors: ['NOT_FOUND'],
  }),
  previewInvite: defineRoute({
    method: 'GET',
    path: '/users/invite/:token',
    access: 'public',
    rateLimit: 'auth',
    summary: 'What an invitation link is for (organization, role, e-mail), before accepting',
    tags,
    params: InvitationTokenParams,
    response: InvitationPreview,
    errors: ['NOT_FOUND', 'BAD_REQUEST', 'CONFLICT'],
  }),
  acceptInvite: defineRoute({
    method: 'POST',
    path: '/users/accept-invite',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Accept an invitation: create the member and sign them in (answers like sign-in)',
    tags,
    body: AcceptInviteRequest,
    status: 201,
    response: LoginResponse,
    errors: ['NOT_FOUND', 'BAD_REQUEST', 'CONFLICT', 'VALIDATION_FAILED'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/members',
    access: 'admin',
    summary: 'Members of the organization',
    tags,
    response: MemberList,
  }),
  updateRole: defineRoute({
    method: 'PATCH',
    path: '/members/:id',
    access: 'admin',
    summary: "Change a member's role (their sessions end; the last admin cannot be demoted)",
    tags,
    params: MemberIdParams,
    body: UpdateMemberRequest,
    response: Member,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/members/:id',
    access: 'admin',
    summary: 'Remove a member (their sessions end at once; their recordings stay with the organization)',
    tags,
    params: MemberIdParams,
    status: 204,
    produces: 'none',
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
} as const;

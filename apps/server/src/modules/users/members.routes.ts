/** Owns the membership HTTP routes (invitations under /users, member administration under /members). */
import { membersApi } from '@call-insights/contracts/members.routes';
import type { Router } from '../../http/route.js';
import type { MembersService } from './members.service.js';

export function membersRoutes(router: Router, service: MembersService): void {
  router.route(membersApi.invite, async ({ caller, body, lang }) => service.invite(caller, body, lang));
  router.route(membersApi.invitations, async ({ caller }) => service.invitations(caller));
  router.route(membersApi.revokeInvitation, async ({ caller, params }) => {
    await service.revokeInvitation(caller, params.id);
  });
  router.route(membersApi.previewInvite, async ({ params }) => service.preview(params.token));
  router.route(membersApi.acceptInvite, async ({ body }) => service.accept(body));
  router.route(membersApi.list, async ({ caller }) => service.list(caller));
  router.route(membersApi.updateRole, async ({ caller, params, body }) =>
    service.setRole(caller, params.id, body.role),
  );
  router.route(membersApi.remove, async ({ caller, params }) => {
    await service.remove(caller, params.id);
  });
}

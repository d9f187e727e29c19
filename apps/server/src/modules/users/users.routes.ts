/** Owns the /users HTTP routes (spec document 1, section 7), registered against `usersApi`. */
import { organizationApi } from '@call-insights/contracts/organization.routes';
import { usersApi } from '@call-insights/contracts/users.routes';
import type { Router } from '../../http/route.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(router: Router, service: UsersService): void {
  router.route(usersApi.signUp, async ({ body }) => service.signUp(body));
  router.route(usersApi.login, async ({ body }) => service.login(body.email, body.password));
  router.route(usersApi.verifyToken, async ({ caller }) => ({
    valid: true as const,
    userId: caller.id,
    exp: caller.exp,
  }));
  router.route(usersApi.getUser, async ({ caller, params }) => service.getUser(caller, params.id));
  router.route(usersApi.updateProfile, async ({ caller, body }) => service.updateProfile(caller, body));
  router.route(usersApi.changePassword, async ({ caller, body }) => service.changePassword(caller, body));
  router.route(usersApi.forgotPassword, async ({ body, lang }) => {
    await service.forgotPassword(body.email, lang);
    return { message: 'Please check your email to reset your password.' };
  });
  router.route(usersApi.resetPassword, async ({ body }) => {
    await service.resetPassword(body.token, body.password);
    return { message: 'Your password has been reset. You can sign in now.' };
  });
  router.route(usersApi.saveAgencyKey, async ({ caller, body }) => {
    await service.saveAgencyKey(caller, body);
    return { success: 'success' as const };
  });
  router.route(usersApi.setUserType, async ({ caller, body }) => {
    await service.setUserType(caller, body.user_id, body.user_type);
    return { success: 'success' as const };
  });
  router.route(organizationApi.settings, async ({ caller }) => service.organizationSettings(caller));
  router.route(organizationApi.updateSettings, async ({ caller, body }) =>
    service.updateOrganizationSettings(caller, body),
  );
  router.route(usersApi.getUserType, async ({ caller, query }) => ({
    user_type: await service.getUserType(caller, query.user_id),
  }));
}

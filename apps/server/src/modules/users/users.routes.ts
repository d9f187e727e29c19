/** Owns the /users HTTP routes (spec document 1, section 7): parse with the contract, call the service. */
import {
  AgencyKeyRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ResetPasswordRequest,
  SignUpRequest,
  SignUpResponse,
  SuccessResponse,
  UpdateUserRequest,
  User,
  UserId,
  UserTypeQuery,
  UserTypeResponse,
  UserTypeUpdateRequest,
  VerifyTokenResponse,
} from '@call-insights/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service.js';

export type UsersRoutesOptions = {
  service: UsersService;
  authRateLimit: { max: number; timeWindow: number };
};

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { service, authRateLimit },
) => {
  const limited = { rateLimit: authRateLimit };
  const tags = ['users'];
  const secured = [{ token: [] }];

  app.post(
    '/users',
    {
      config: limited,
      schema: { tags, summary: 'Sign up', body: SignUpRequest, response: { 201: SignUpResponse } },
    },
    async (req, reply) => reply.code(201).send(await service.signUp(req.body)),
  );

  app.post(
    '/users/login',
    {
      config: limited,
      schema: { tags, summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (req) => service.login(req.body.email, req.body.password),
  );

  app.get(
    '/users/verify-token',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Check an access token',
        response: { 200: VerifyTokenResponse },
      },
    },
    async (req) => {
      const caller = await app.requireUser(req);
      return { valid: true as const, userId: caller.id, exp: caller.exp };
    },
  );

  app.get(
    '/users/userId/:id',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Read an account',
        params: z.object({ id: UserId }),
        response: { 200: User },
      },
    },
    async (req) => service.getUser(await app.requireUser(req), req.params.id),
  );

  app.put(
    '/users',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Update my profile',
        body: UpdateUserRequest,
        response: { 200: User },
      },
    },
    async (req) => service.updateProfile(await app.requireUser(req), req.body),
  );

  app.put(
    '/users/change-password',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Change my password (other sessions end; a fresh token is returned)',
        body: ChangePasswordRequest,
        response: { 200: LoginResponse },
      },
    },
    async (req) => service.changePassword(await app.requireUser(req), req.body),
  );

  app.post(
    '/users/forgotPassword',
    {
      config: limited,
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse },
      },
    },
    async (req) => {
      await service.forgotPassword(req.body.email);
      return { message: 'Please check your email to reset your password.' };
    },
  );

  app.post(
    '/users/resetpassword',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse },
      },
    },
    async (req) => {
      await service.resetPassword(req.body.token, req.body.password);
      return { message: 'Your password has been reset. You can sign in now.' };
    },
  );

  app.post(
    '/users/agencyKey',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Store an agency or location API key (encrypted)',
        body: AgencyKeyRequest,
        response: { 200: SuccessResponse },
      },
    },
    async (req) => {
      await service.saveAgencyKey(await app.requireUser(req), req.body);
      return { success: 'success' as const };
    },
  );

  app.put(
    '/users/user-type',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Set my user type',
        body: UserTypeUpdateRequest,
        response: { 200: SuccessResponse },
      },
    },
    async (req) => {
      await service.setUserType(await app.requireUser(req), req.body.user_id, req.body.user_type);
      return { success: 'success' as const };
    },
  );

  app.get(
    '/users/user-type',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Read a user type',
        querystring: UserTypeQuery,
        response: { 200: UserTypeResponse },
      },
    },
    async (req) => ({ user_type: await service.getUserType(await app.requireUser(req), req.query.user_id) }),
  );
};

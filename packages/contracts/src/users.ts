import { z } from 'zod';
import { Id } from './http.js';

/** Account contracts: spec document 1, section 7 (the /users calls). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const Role = z.enum(['admin', 'manager', 'user']);
export type Role = z.infer<typeof Role>;

export const UserType = z.enum(['Location', 'Company']);
export type UserType = z.infer<typeof UserType>;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const Password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const UserName = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Use letters, digits, dot, dash or underscore');

export const UserId = Id;

export const SignUpRequest = z.object({
  firstName: trimmed(100),
  lastName: trimmed(100),
  userName: UserName,
  email: Email,
  organization: trimmed(200),
  password: Password,
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** The new account, signed in: onboarding goes on to the CRM connection without a second sign-in. */
export const SignUpResponse = z.object({
  id: z.number().int(),
  accessToken: z.string(),
  expiresAt: z.number().int().describe('Expiry of the access token, seconds since the epoch'),
});

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The account as the API shows it; never carries secrets. */
export const User = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  role: Role,
  user_type: UserType,
  organizationId: z.number().int(),
  organization: z.string(),
  hasAgencyKey: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const LoginResponse = z.object({
  accessToken: z.string(),
  expiresAt: z.number().int().describe('Expiry of the access token, seconds since the epoch'),
  user: User,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Login failures keep the spec's literal messages. */
export const LOGIN_WRONG_PASSWORD = 'Wrong Password';
export const LOGIN_WRONG_USER = 'Wrong User';
export const SIGNUP_TAKEN = 'This username or email is already taken.';

export const VerifyTokenResponse = z.object({
  valid: z.literal(true),
  userId: z.number().int(),
  exp: z.number().int(),
});

export const UpdateUserRequest = z.object({
  first_name: trimmed(100),
  last_name: trimmed(100),
  email: Email,
  username: UserName,
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const ChangePasswordRequest = z.object({
  email: Email,
  currentPassword: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH)
    .describe('The password in use now: a stolen session alone cannot take the account over'),
  password: Password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(16).max(256),
  password: Password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const AgencyKeyRequest = z.object({
  user_id: UserId,
  source_id: z.literal(1),
  type_id: z.literal(3),
  organization_id: z.literal(1),
  key: z.string().trim().min(1).max(4096),
});
export type AgencyKeyRequest = z.infer<typeof AgencyKeyRequest>;

export const UserTypeUpdateRequest = z.object({ user_type: UserType, user_id: UserId });
export type UserTypeUpdateRequest = z.infer<typeof UserTypeUpdateRequest>;

export const UserTypeQuery = z.object({ user_id: UserId });
export const UserTypeResponse = z.object({ user_type: UserType });

export const SuccessResponse = z.object({ success: z.literal('success') });
export const MessageResponse = z.object({ message: z.string() });

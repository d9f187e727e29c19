/**
 * Owns the account use cases: sign-up, sign-in, profile, passwords, reset by e-mail, user type
 * and the agency key. No HTTP and no SQL here: routes call in, the repository goes out.
 */
import { hash, verify } from '@node-rs/argon2';
import type {
  AgencyKeyRequest,
  ChangePasswordRequest,
  LoginResponse,
  SignUpRequest,
  UpdateUserRequest,
  User,
  UserType,
} from '@call-insights/contracts/users';
import type { OrganizationSettings, OrganizationSettingsUpdate } from '@call-insights/contracts/organization';
import { LOGIN_WRONG_PASSWORD, LOGIN_WRONG_USER, SIGNUP_TAKEN } from '@call-insights/contracts/users';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/email/mailer.js';
import { AppError } from '../../errors.js';
import type { Language } from '../../i18n/translate.js';
import type { Sealer } from '../../lib/crypto.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { AuthUser, TokenService } from '../../plugins/auth.js';
import type { AuditSink } from '../audit/audit-sink.js';
import { passwordResetMail } from './mails.js';
import type { SessionService } from './sessions.js';
import type { UserRow, UsersRepository } from './users.repository.js';

const RESET_TTL_MS = 60 * 60 * 1000;
// Argon2id (algorithm 2 of @node-rs/argon2's const enum, which verbatimModuleSyntax cannot import), OWASP parameters.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

// Verifying against a fixed hash when the user is unknown keeps response times alike.
const DUMMY_HASH_PROMISE = hash('not-a-real-password', ARGON2);

export type UsersServiceDeps = {
  repo: UsersRepository;
  tokens: TokenService;
  mailer: Mailer;
  sealer: Sealer;
  publicUrl: string;
  log: Logger;
  /** Ends cached sessions once an account's token version moved on. */
  sessions: Pick<SessionService, 'invalidate'>;
  audit: AuditSink;
  /** Per-account sign-in throttle: failures allowed, then a delay from `baseMs` doubling to `maxMs`. */
  loginThrottle: { free: number; baseMs: number; maxMs: number };
};

/** The answer while an account's sign-ins are held back. */
function throttled(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    'Too many failed sign-ins for this account. Try again in {seconds} seconds.',
    { params: { seconds }, retryAfterSeconds: seconds },
  );
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userId: row.id,
    firstname: row.firstName,
    lastname: row.lastName,
    username: row.username,
    email: row.email,
    role: row.role,
    user_type: row.userType,
    organizationId: row.organizationId,
    organization: row.organizationName,
    hasAgencyKey: row.hasAgencyKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, tokens, mailer, sealer, log } = deps;

  async function loadSelf(caller: AuthUser): Promise<UserRow> {
    const row = await repo.findById(caller.id);
    if (!row) throw new AppError('UNAUTHORIZED', 'Your account no longer exists.');
    return row;
  }

  /** A user reads their own account; managers and admins also read members of their organization. */
  async function readableUser(caller: AuthUser, id: number): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row || row.organizationId !== caller.organizationId)
      throw new AppError('NOT_FOUND', 'This user was not found.');
    if (row.id !== caller.id && caller.role === 'user') {
      throw new AppError('FORBIDDEN', 'You can only view your own account.');
    }
    return row;
  }

  function assertSelf(caller: AuthUser, userId: number) {
    if (userId !== caller.id) throw new AppError('FORBIDDEN', 'You can only change your own account.');
  }

  return {
    async signUp(input: SignUpRequest): Promise<{ id: number; accessToken: string; expiresAt: number }> {
      if (input.password !== input.confirmPassword) {
        throw new AppError('VALIDATION_FAILED', "Password and Confirm password isn't matched", {
          fields: [{ path: 'confirmPassword', message: "Password and Confirm password isn't matched" }],
        });
      }
      if (await repo.isTaken(input.userName, input.email)) throw new AppError('CONFLICT', SIGNUP_TAKEN);
      const passwordHash = await hash(input.password, ARGON2);
      try {
        const id = await repo.createWithOrganization({
          organization: input.organization,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.userName,
          email: input.email,
          passwordHash,
        });
        log.info({ userId: id }, 'account created');
        // Signed in at once: a new token version is 0.
        const { token, expiresAt } = await tokens.issue({ id, tokenVersion: 0 });
        return { id, accessToken: token, expiresAt };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', SIGNUP_TAKEN);
        throw err;
      }
    },

    async login(email: string, password: string): Promise<LoginResponse> {
      // Per account, next to the per-address limit: each failure past a few doubles the wait, and
      // while it lasts even the right password is refused (else guessing would just continue).
      const key = email.trim().toLowerCase();
      const locked = await repo.loginLockedUntil(key);
      if (locked && locked.getTime() > Date.now()) throw throttled(locked);
      const row = await repo.findByEmail(email);
      if (!row) {
        await verify(await DUMMY_HASH_PROMISE, password).catch(() => false);
        await repo.loginFailed(key, deps.loginThrottle);
        throw new AppError('UNAUTHORIZED', LOGIN_WRONG_USER);
      }
      const ok = await verify(row.passwordHash, password).catch(() => false);
      if (!ok) {
        await repo.loginFailed(key, deps.loginThrottle);
        await deps.audit.record({
          organizationId: row.organizationId,
          actorUserId: row.id,
          action: 'sign_in_failed',
        });
        throw new AppError('UNAUTHORIZED', LOGIN_WRONG_PASSWORD);
      }
      await repo.loginSucceeded(key);
      await deps.audit.record({ organizationId: row.organizationId, actorUserId: row.id, action: 'sign_in' });
      const { token, expiresAt } = await tokens.issue(row);
      return { accessToken: token, expiresAt, user: toUser(row) };
    },

    async getUser(caller: AuthUser, id: number): Promise<User> {
      return toUser(await readableUser(caller, id));
    },

    async updateProfile(caller: AuthUser, input: UpdateUserRequest): Promise<User> {
      const self = await loadSelf(caller);
      if (input.email.toLowerCase() !== self.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'The e-mail address cannot be changed here.');
      }
      if (await repo.isTaken(input.username, self.email, self.id))
        throw new AppError('CONFLICT', SIGNUP_TAKEN);
      try {
        await repo.updateProfile(self.id, {
          firstName: input.first_name,
          lastName: input.last_name,
          username: input.username,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', SIGNUP_TAKEN);
        throw err;
      }
      return toUser(await loadSelf(caller));
    },

    /** Changing the password ends every other session: tokens carry the version they were issued at. */
    async changePassword(caller: AuthUser, input: ChangePasswordRequest): Promise<LoginResponse> {
      const self = await loadSelf(caller);
      if (input.email.toLowerCase() !== self.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only change your own password.');
      }
      if (!(await verify(self.passwordHash, input.currentPassword).catch(() => false))) {
        const message = 'The current password is not correct.';
        throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'currentPassword', message }] });
      }
      await repo.setPassword(self.id, await hash(input.password, ARGON2));
      await repo.cancelResetTokens(self.id, new Date());
      await deps.sessions.invalidate(self.id);
      await deps.audit.record({
        organizationId: self.organizationId,
        actorUserId: self.id,
        action: 'password_changed',
      });
      const fresh = await loadSelf(caller);
      const { token, expiresAt } = await tokens.issue(fresh);
      return { accessToken: token, expiresAt, user: toUser(fresh) };
    },

    /** Mails a reset link, in the language of the request (`lang`). */
    async forgotPassword(email: string, lang: Language = 'en'): Promise<void> {
      const row = await repo.findByEmail(email);
      if (!row) throw new AppError('NOT_FOUND', 'Wrong email');
      const token = randomToken(32);
      await repo.saveResetToken(row.id, sha256(token), new Date(Date.now() + RESET_TTL_MS));
      const link = `${deps.publicUrl.replace(/\/$/, '')}/reset-password/${token}`;
      await mailer.send({
        to: row.email,
        ...passwordResetMail(lang, { firstName: row.firstName, link }),
        meta: { kind: 'password-reset', userId: row.id },
      });
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const userId = await repo.consumeResetToken(sha256(token), new Date());
      if (userId === undefined) {
        throw new AppError(
          'BAD_REQUEST',
          'This reset link is invalid or has expired. Please ask for a new one.',
        );
      }
      await repo.setPassword(userId, await hash(password, ARGON2));
      // Any other open reset link stops working, and every session ends.
      await repo.cancelResetTokens(userId, new Date());
      await deps.sessions.invalidate(userId);
      const row = await repo.findById(userId);
      if (row)
        await deps.audit.record({
          organizationId: row.organizationId,
          actorUserId: row.id,
          action: 'password_reset',
        });
    },

    async saveAgencyKey(caller: AuthUser, input: AgencyKeyRequest): Promise<void> {
      assertSelf(caller, input.user_id);
      await repo.upsertAgencyKey({
        userId: caller.id,
        organizationId: caller.organizationId,
        sourceId: input.source_id,
        typeId: input.type_id,
        keyEncrypted: sealer.seal(input.key),
      });
    },

    async setUserType(caller: AuthUser, userId: number, userType: UserType): Promise<void> {
      assertSelf(caller, userId);
      await repo.setUserType(caller.id, userType);
    },

    async organizationSettings(caller: AuthUser): Promise<OrganizationSettings> {
      const row = await repo.organizationSettings(caller.organizationId);
      return {
        redact_emails: row?.redactEmails ?? false,
        redact_phones: row?.redactPhones ?? false,
        retention_days: row?.retentionDays ?? null,
      };
    },

    async updateOrganizationSettings(
      caller: AuthUser,
      patch: OrganizationSettingsUpdate,
    ): Promise<OrganizationSettings> {
      await repo.updateOrganizationSettings(caller.organizationId, {
        ...(patch.redact_emails !== undefined ? { redactEmails: patch.redact_emails } : {}),
        ...(patch.redact_phones !== undefined ? { redactPhones: patch.redact_phones } : {}),
        ...(patch.retention_days !== undefined ? { retentionDays: patch.retention_days } : {}),
      });
      log.info(
        { organizationId: caller.organizationId, by: caller.id, patch },
        'organization settings changed',
      );
      await deps.audit.record({
        organizationId: caller.organizationId,
        actorUserId: caller.id,
        action: 'settings_changed',
        details: { ...patch },
      });
      const row = await repo.organizationSettings(caller.organizationId);
      return {
        redact_emails: row?.redactEmails ?? false,
        redact_phones: row?.redactPhones ?? false,
        retention_days: row?.retentionDays ?? null,
      };
    },

    /** What the pipeline removes from an organization's transcripts besides cards, SSNs and SINs. */
    async redactionPolicy(organizationId: number): Promise<{ emails: boolean; phones: boolean }> {
      const row = await repo.organizationSettings(organizationId);
      return { emails: row?.redactEmails ?? false, phones: row?.redactPhones ?? false };
    },

    /** Organizations with a retention period, for the nightly sweep. */
    async retentionPolicies(): Promise<{ organizationId: number; days: number }[]> {
      return repo.retentionPolicies();
    },

    async retentionDays(organizationId: number): Promise<number | null> {
      return (await repo.organizationSettings(organizationId))?.retentionDays ?? null;
    },

    async getUserType(caller: AuthUser, userId: number): Promise<UserType> {
      return (await readableUser(caller, userId)).userType;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

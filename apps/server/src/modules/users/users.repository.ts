/** Owns the SQL of accounts: users, organizations, reset tokens and agency keys. */
import { and, eq, gt, isNull, sql, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencyKeys, loginThrottle, organizations, passwordResetTokens, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect & { organizationName: string; hasAgencyKey: boolean };

const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  userType: users.userType,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  organizationName: organizations.name,
  hasAgencyKey: sql<boolean>`exists (select 1 from ${agencyKeys} where ${agencyKeys.userId} = ${users.id})`,
};

export function createUsersRepository(db: Db) {
  const selectUsers = () =>
    db.select(userColumns).from(users).innerJoin(organizations, eq(organizations.id, users.organizationId));

  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await selectUsers().where(eq(users.id, id)).limit(1);
      return row;
    },
    /** When the account of this e-mail may try to sign in again (undefined: now). */
    async loginLockedUntil(emailKey: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(eq(loginThrottle.emailKey, emailKey))
        .limit(1);
      return row?.lockedUntil ?? undefined;
    },

    /**
     * Counts one more failed sign-in for the account, atomically (one UPSERT), and locks it for a
     * delay that doubles with each failure past `free`, up to `maxMs`. Returns the lock, if any.
     */
    async loginFailed(
      emailKey: string,
      policy: { free: number; baseMs: number; maxMs: number },
    ): Promise<Date | undefined> {
      const [row] = await db
        .insert(loginThrottle)
        .values({ emailKey, failures: 1, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: loginThrottle.emailKey,
          set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: new Date() },
        })
        .returning({ failures: loginThrottle.failures });
      const failures = row?.failures ?? 1;
      if (failures < policy.free) return undefined;
      const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(30, failures - policy.free));
      const until = new Date(Date.now() + delay);
      await db.update(loginThrottle).set({ lockedUntil: until }).where(eq(loginThrottle.emailKey, emailKey));
      return until;
    },

    async loginSucceeded(emailKey: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.emailKey, emailKey));
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await selectUsers()
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },
    async isTaken(username: string, email: string, exceptUserId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`(lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()})`,
            exceptUserId === undefined ? undefined : sql`${users.id} <> ${exceptUserId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** New organization with its first user as admin, in one transaction. */
    async createWithOrganization(input: {
      organization: string;
      firstName: string;
      lastName: string;
      username: string;
      email: string;
      passwordHash: string;
    }): Promise<number> {
      return db.transaction(async (tx) => {
        const [org] = await tx
          .insert(organizations)
          .values({ name: input.organization })
          .returning({ id: organizations.id });
        if (!org) throw new Error('organization insert returned nothing');
        const [user] = await tx
          .insert(users)
          .values({
            organizationId: org.id,
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            email: input.email,
            passwordHash: input.passwordHash,
            role: 'admin',
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        return user.id;
      });
    },
    async organizationSettings(organizationId: number) {
      const [row] = await db
        .select({
          redactEmails: organizations.redactEmails,
          redactPhones: organizations.redactPhones,
          retentionDays: organizations.retentionDays,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },
    async updateOrganizationSettings(
      organizationId: number,
      patch: Partial<{ redactEmails: boolean; redactPhones: boolean; retentionDays: number | null }>,
    ) {
      if (Object.keys(patch).length === 0) return;
      await db
        .update(organizations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
    },
    /** Organizations that asked for a retention period. */
    async retentionPolicies(): Promise<{ organizationId: number; days: number }[]> {
      const rows = await db
        .select({ organizationId: organizations.id, days: organizations.retentionDays })
        .from(organizations)
        .where(isNotNull(organizations.retentionDays));
      return rows.flatMap((r) =>
        r.days === null ? [] : [{ organizationId: r.organizationId, days: r.days }],
      );
    },
    /** What a session check needs: role, organization and the token version. */
    async findSession(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          organizationId: users.organizationId,
          role: users.role,
          email: users.email,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
    async updateProfile(id: number, p: { firstName: string; lastName: string; username: string }) {
      await db
        .update(users)
        .set({ ...p, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    async setPassword(id: number, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    async setUserType(id: number, userType: 'Location' | 'Company') {
      await db.update(users).set({ userType, updatedAt: new Date() }).where(eq(users.id, id));
    },
    async saveResetToken(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },
    /** Ends every open reset link of a user (after a reset or a password change). */
    async cancelResetTokens(userId: number, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
    /** Marks the token used and returns its user, atomically: a token works once. */
    async consumeResetToken(tokenHash: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId;
    },
    async upsertAgencyKey(input: {
      userId: number;
      organizationId: number;
      sourceId: number;
      typeId: number;
      keyEncrypted: string;
    }) {
      await db
        .insert(agencyKeys)
        .values(input)
        .onConflictDoUpdate({
          target: agencyKeys.userId,
          set: {
            keyEncrypted: input.keyEncrypted,
            sourceId: input.sourceId,
            typeId: input.typeId,
            updatedAt: new Date(),
          },
        });
    },
    async readAgencyKey(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ keyEncrypted: agencyKeys.keyEncrypted })
        .from(agencyKeys)
        .where(eq(agencyKeys.userId, userId));
      return row?.keyEncrypted;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/**
 * Owns the SQL of membership: invitations, members' roles and removal. Role changes and removals
 * run under a lock on the organization row so two admins demoting each other at the same moment
 * cannot leave the organization without an admin.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, organizations, users } from '../../db/schema.js';

export type Role = 'admin' | 'manager' | 'user';
export type InvitationRow = typeof invitations.$inferSelect & {
  invitedByName: string | null;
  organizationName: string;
};

const memberColumns = {
  id: users.id,
  organizationId: users.organizationId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  role: users.role,
  userType: users.userType,
  createdAt: users.createdAt,
};
export type MemberRow = {
  id: number;
  organizationId: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  userType: 'Location' | 'Company';
  createdAt: Date;
};

/** Raised inside a transaction to roll it back with a reason the service turns into an answer. */
export class MembershipRefusal extends Error {
  constructor(readonly reason: 'last_admin' | 'not_found' | 'invalid' | 'used' | 'expired') {
    super(reason);
  }
}

export function createMembersRepository(db: Db) {
  const selectInvitations = () =>
    db
      .select({
        id: invitations.id,
        organizationId: invitations.organizationId,
        email: invitations.email,
        role: invitations.role,
        locationIds: invitations.locationIds,
        tokenHash: invitations.tokenHash,
        invitedBy: invitations.invitedBy,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
        acceptedUserId: invitations.acceptedUserId,
        revokedAt: invitations.revokedAt,
        createdAt: invitations.createdAt,
        invitedByName: sql<
          string | null
        >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
        organizationName: organizations.name,
      })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .leftJoin(users, eq(users.id, invitations.invitedBy));

  /** Locks the organization row: membership changes of one organization run one at a time. */
  async function lockOrganization(tx: Pick<Db, 'select'>, organizationId: number) {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
  }

  async function adminCount(tx: Pick<Db, 'select'>, organizationId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')));
    return row?.n ?? 0;
  }

  return {
    async emailHasAccount(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },

    /** A new invitation; a pending one to the same address in the organization is revoked. */
    /** Invitations the organization sent since `since` (to `email` only, when given), re-sends and revoked ones included. */
    async invitationsSentSince(
      organizationId: number,
      since: Date,
      email?: string,
    ): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<Date | null>`min(${invitations.createdAt})`,
        })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            sql`${invitations.createdAt} > ${since.toISOString()}`,
            email === undefined ? undefined : sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
          ),
        );
      const oldest = row?.oldest ?? null;
      return { count: row?.count ?? 0, oldest: oldest === null ? null : new Date(oldest) };
    },

    async createInvitation(input: {
      organizationId: number;
      email: string;
      role: Role;
      locationIds: number[];
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
    }): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(invitations.organizationId, input.organizationId),
              sql`lower(${invitations.email}) = ${input.email.toLowerCase()}`,
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          );
        const [row] = await tx.insert(invitations).values(input).returning({ id: invitations.id });
        if (!row) throw new Error('invitation insert returned nothing');
        return row.id;
      });
    },

    async findInvitation(organizationId: number, id: number): Promise<InvitationRow | undefined> {
      const [row] = await selectInvitations()
        .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId)))
        .limit(1);
      return row as InvitationRow | undefined;
    },

    async findInvitationByHash(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await selectInvitations().where(eq(invitations.tokenHash, tokenHash)).limit(1);
      return row as InvitationRow | undefined;
    },

    /** Invitations neither accepted nor revoked (expired ones included, so they can be sent again). */
    async openInvitations(organizationId: number): Promise<InvitationRow[]> {
      const rows = await selectInvitations()
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .orderBy(desc(invitations.createdAt))
        .limit(500);
      return rows as InvitationRow[];
    },

    async revokeInvitation(organizationId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(invitations.id, id),
            eq(invitations.organizationId, organizationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /**
     * Accepts an invitation: checks it under a row lock (single use even for two racing requests),
     * creates the member in the inviting organization, joins them to the invited CRM accounts that
     * still exist, and marks the invitation used — all or nothing.
     */
    async acceptInvitation(input: {
      tokenHash: string;
      now: Date;
      firstName: string;
      lastName: string;
      username: string;
      passwordHash: string;
    }): Promise<{ userId: number; invitation: typeof invitations.$inferSelect }> {
      return db.transaction(async (tx) => {
        const [inv] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, input.tokenHash))
          .for('update');
        if (!inv || inv.revokedAt) throw new MembershipRefusal('invalid');
        if (inv.acceptedAt) throw new MembershipRefusal('used');
        if (inv.expiresAt.getTime() <= input.now.getTime()) throw new MembershipRefusal('expired');
        const [user] = await tx
          .insert(users)
          .values({
            organizationId: inv.organizationId,
            firstName: input.firstName,
            lastName: input.lastName,
            username: input.username,
            email: inv.email,
            passwordHash: input.passwordHash,
            role: inv.role,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        await tx
          .update(invitations)
          .set({ acceptedAt: input.now, acceptedUserId: user.id })
          .where(eq(invitations.id, inv.id));
        return { userId: user.id, invitation: inv };
      });
    },

    async members(organizationId: number): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(users)
        .where(eq(users.organizationId, organizationId))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(1000);
    },

    async member(organizationId: number, id: number): Promise<MemberRow | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    /** Admin ids of an organization (recipients of organization-wide notices). */
    async adminIds(organizationId: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')));
      return rows.map((r) => r.id);
    },

    /**
     * Sets a member's role and bumps their token version (their tokens stop working); refuses to
     * demote the last admin. Returns false when the member is not in the organization.
     */
    async setRole(organizationId: number, id: number, role: Role): Promise<'changed' | 'unchanged'> {
      return db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId);
        const [target] = await tx
          .select({ role: users.role })
          .from(users)
          .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
        if (!target) throw new MembershipRefusal('not_found');
        if (target.role === role) return 'unchanged';
        if (target.role === 'admin' && (await adminCount(tx, organizationId)) <= 1) {
          throw new MembershipRefusal('last_admin');
        }
        await tx
          .update(users)
          .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
          .where(eq(users.id, id));
        return 'changed';
      });
    },

    /** Removes a member (their recordings stay with the organization); refuses the last admin. */
    async remove(organizationId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId);
        const [target] = await tx
          .select({ role: users.role })
          .from(users)
          .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
        if (!target) throw new MembershipRefusal('not_found');
        if (target.role === 'admin' && (await adminCount(tx, organizationId)) <= 1) {
          throw new MembershipRefusal('last_admin');
        }
        await tx.delete(users).where(eq(users.id, id));
      });
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

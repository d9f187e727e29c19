/**
 * Owns the SQL of CRM accounts: `locations`, `users_locations` and `crm_connections` (company
 * installs). Token columns hold sealed ciphertext only; the lock helpers take a row lock
 * (SELECT … FOR UPDATE) in a transaction so two workers never refresh the same token twice.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { crmConnections, locations, users, usersLocations } from '../../db/schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type ConnectionRow = typeof crmConnections.$inferSelect;
export type LocationDetails = Record<string, unknown>;

export type TokenPatch = {
  accessTokenSealed: string | null;
  refreshTokenSealed?: string | null;
  tokenExpiresAt: Date | null;
  needsReconnect?: boolean;
};

/** What a locked-row callback may do: read the row as it is now and save new tokens. */
export type Locked<R> = { row: R; save(patch: TokenPatch): Promise<void> };

export function createLocationsRepository(db: Db) {
  return {
    async listForOrg(organizationId: number): Promise<LocationRow[]> {
      return db
        .select()
        .from(locations)
        .where(eq(locations.organizationId, organizationId))
        .orderBy(asc(locations.name), asc(locations.id));
    },

    async findForOrg(organizationId: number, id: number): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<LocationRow | undefined> {
      const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
      return row;
    },

    async findByName(organizationId: number, name: string): Promise<LocationRow[]> {
      return db
        .select()
        .from(locations)
        .where(and(eq(locations.organizationId, organizationId), eq(locations.name, name)));
    },

    /** Every organization's row for a CRM location id (webhooks do not say which organization). */
    async findByCrmId(crmLocationId: string): Promise<LocationRow[]> {
      return db.select().from(locations).where(eq(locations.crmLocationId, crmLocationId));
    },

    async findByCompany(companyId: string): Promise<LocationRow[]> {
      return db.select().from(locations).where(eq(locations.companyId, companyId));
    },

    async setActive(organizationId: number, id: number, active: boolean): Promise<boolean> {
      const rows = await db
        .update(locations)
        .set({ active, updatedAt: new Date() })
        .where(and(eq(locations.id, id), eq(locations.organizationId, organizationId)))
        .returning({ id: locations.id });
      return rows.length > 0;
    },

    async rename(organizationId: number, id: number, name: string): Promise<boolean> {
      const rows = await db
        .update(locations)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(locations.id, id), eq(locations.organizationId, organizationId)))
        .returning({ id: locations.id });
      return rows.length > 0;
    },

    async usersOf(locationId: number) {
      return db
        .select({
          id: users.id,
          firstname: users.firstName,
          lastname: users.lastName,
          username: users.username,
          email: users.email,
          role: users.role,
          locationRole: usersLocations.role,
        })
        .from(usersLocations)
        .innerJoin(users, eq(users.id, usersLocations.userId))
        .where(eq(usersLocations.locationId, locationId))
        .orderBy(asc(users.lastName), asc(users.firstName));
    },

    async activeForOrg(organizationId: number) {
      return db
        .select({ id: locations.id, name: locations.name, location_id: locations.crmLocationId })
        .from(locations)
        .where(and(eq(locations.organizationId, organizationId), eq(locations.active, true)))
        .orderBy(asc(locations.name));
    },

    /** Saves (insert or update by organization and CRM id) an installed location with its tokens. */
    async upsertLocation(input: {
      organizationId: number;
      crmLocationId: string;
      companyId: string | null;
      name: string;
      details: LocationDetails;
      installType: 'Location' | 'Company';
      connectionId: number | null;
      accessTokenSealed: string | null;
      refreshTokenSealed: string | null;
      tokenExpiresAt: Date | null;
    }): Promise<LocationRow> {
      const now = new Date();
      const [row] = await db
        .insert(locations)
        .values({ ...input, needsReconnect: false, active: true, updatedAt: now })
        .onConflictDoUpdate({
          target: [locations.organizationId, locations.crmLocationId],
          set: {
            companyId: input.companyId,
            name: input.name,
            details: input.details,
            installType: input.installType,
            connectionId: input.connectionId,
            accessTokenSealed: input.accessTokenSealed,
            refreshTokenSealed: input.refreshTokenSealed,
            tokenExpiresAt: input.tokenExpiresAt,
            needsReconnect: false,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('location upsert returned nothing');
      return row;
    },

    async linkUser(userId: number, locationId: number, role: string): Promise<void> {
      await db.insert(usersLocations).values({ userId, locationId, role }).onConflictDoNothing();
    },

    async upsertConnection(input: {
      organizationId: number;
      companyId: string;
      accessTokenSealed: string;
      refreshTokenSealed: string;
      tokenExpiresAt: Date;
      scope: string | null;
      installedBy: number;
    }): Promise<ConnectionRow> {
      const now = new Date();
      const [row] = await db
        .insert(crmConnections)
        .values({ ...input, updatedAt: now })
        .onConflictDoUpdate({
          target: [crmConnections.organizationId, crmConnections.companyId],
          set: {
            accessTokenSealed: input.accessTokenSealed,
            refreshTokenSealed: input.refreshTokenSealed,
            tokenExpiresAt: input.tokenExpiresAt,
            scope: input.scope,
            installedBy: input.installedBy,
            needsReconnect: false,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('connection upsert returned nothing');
      return row;
    },

    async findConnection(id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(crmConnections).where(eq(crmConnections.id, id)).limit(1);
      return row;
    },

    /** Runs `fn` holding the location row's lock (other workers wait), in one transaction. */
    async withLocationLock<T>(id: number, fn: (locked: Locked<LocationRow>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
        if (!row) throw new Error(`location ${id} vanished`);
        return fn({
          row,
          async save(patch) {
            await tx
              .update(locations)
              .set({ ...patch, updatedAt: new Date() })
              .where(eq(locations.id, id));
          },
        });
      });
    },

    async withConnectionLock<T>(id: number, fn: (locked: Locked<ConnectionRow>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(crmConnections).where(eq(crmConnections.id, id)).for('update');
        if (!row) throw new Error(`connection ${id} vanished`);
        return fn({
          row,
          async save(patch) {
            await tx
              .update(crmConnections)
              .set({ ...patch, updatedAt: new Date() })
              .where(eq(crmConnections.id, id));
          },
        });
      });
    },

    async markReconnect(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(locations)
        .set({ needsReconnect: true, updatedAt: new Date() })
        .where(inArray(locations.id, ids));
    },

    /** UNINSTALL: the app lost access; tokens go, sync stops, the account asks to reconnect. */
    async disconnect(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(locations)
        .set({
          accessTokenSealed: null,
          refreshTokenSealed: null,
          tokenExpiresAt: null,
          active: false,
          needsReconnect: true,
          updatedAt: new Date(),
        })
        .where(inArray(locations.id, ids));
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;

/**
 * System settings in storage: every query of the system-settings module. Each kind's table is a
 * `SettingStore` (read all, read one, create, update at a version, delete, "is this value taken"):
 * `tableStore` makes one from the table's Prisma delegate; stream providers and profiles, read with
 * a relation, spell theirs out. Queries a kind has besides are below its store. Each function takes
 * the client to run on: the service's `db`, or a transaction's `tx` inside `transaction(...)`. A
 * guarded write answers the rows it changed; the service decides.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

type Client = Db | DbTx;

/** One kind's table, as the settings service reads and writes it. */
export interface SettingStore<Row, CreateData, UpdateData> {
  all(db: Client): Promise<Row[]>;
  find(db: Client, id: string): Promise<Row | null>;
  create(db: Client, data: CreateData): Promise<Row>;
  /** Set columns of the row while it is at `version` (its version moves on): the rows changed. */
  updateAtVersion(db: Client, id: string, version: number, data: UpdateData): Promise<number>;
  /** Delete the row (only at `version` when given, and only while it matches `where`): the rows deleted. */
  delete(db: Client, id: string, version?: number, where?: Record<string, unknown>): Promise<number>;
  /** Whether another row (not `exceptId`) matches `where` (a unique column's value, within its scope). */
  taken(db: Client, where: Record<string, unknown>, exceptId: string | null): Promise<boolean>;
}

/**
 * The calls of a Prisma table delegate a store makes. Prisma's methods are generic over their
 * arguments; a delegate fits this shape because TypeScript checks methods' parameters both ways,
 * so `where` and `data` are checked by Prisma when the statement runs, not here.
 */
interface Table<Row, CreateData, UpdateData> {
  findMany(): PromiseLike<Row[]>;
  findUnique(args: { where: { id: string } }): PromiseLike<Row | null>;
  findFirst(args: { where: Record<string, unknown>; select: { id: true } }): PromiseLike<{ id: string } | null>;
  create(args: { data: CreateData }): PromiseLike<Row>;
  updateMany(args: { where: { id: string; version: number }; data: UpdateData & { version: { increment: number } } }): PromiseLike<{ count: number }>;
  deleteMany(args: { where: Record<string, unknown> }): PromiseLike<{ count: number }>;
}

const except = (exceptId: string | null) => (exceptId === null ? {} : { id: { not: exceptId } });

/** The store of a table read without relations (`of`: the table of a client, e.g. `(db) => db.modemVendor`). */
export function tableStore<Row, CreateData, UpdateData>(of: (db: Client) => Table<Row, CreateData, UpdateData>): SettingStore<Row, CreateData, UpdateData> {
  return {
    all: async (db) => of(db).findMany(),
    find: async (db, id) => of(db).findUnique({ where: { id } }),
    create: async (db, data) => of(db).create({ data }),
    updateAtVersion: async (db, id, version, data) => (await of(db).updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count,
    delete: async (db, id, version, where = {}) => (await of(db).deleteMany({ where: { id, ...(version === undefined ? {} : { version }), ...where } })).count,
    taken: async (db, where, exceptId) => (await of(db).findFirst({ where: { ...where, ...except(exceptId) }, select: { id: true } })) !== null,
  };
}

export type AiCredentialRecord = Prisma.AiCredentialGetPayload<object>;
export type ApplicationConfigurationRecord = Prisma.ApplicationConfigurationGetPayload<object>;
export type ClientApplicationRecord = Prisma.ClientApplicationGetPayload<object>;
export type GeocodingProfileRecord = Prisma.GeocodingProfileGetPayload<object>;
export type ModemVendorRecord = Prisma.ModemVendorGetPayload<object>;
export type OrganisationRecord = Prisma.OrganisationGetPayload<object>;
export type StreamMediaProfileRecord = Prisma.StreamMediaProfileGetPayload<object>;
export type NotificationRecord = Prisma.NotificationGetPayload<object>;
export type WhatsNewRecord = Prisma.WhatsNewGetPayload<object>;

const withOrganisationName = { organisation: { select: { name: true } } } as const satisfies Prisma.OrganisationInventoryInclude;
export type OrganisationInventoryRecord = Prisma.OrganisationInventoryGetPayload<{ include: typeof withOrganisationName }>;

export const aiCredentials = tableStore((db) => db.aiCredential);
export const applicationConfigurations = tableStore((db) => db.applicationConfiguration);
export const clientApplications = tableStore((db) => db.clientApplication);
export const geocodingProfiles = tableStore((db) => db.geocodingProfile);
export const modemVendors = tableStore((db) => db.modemVendor);
export const organisations = tableStore((db) => db.organisation);
export const streamMediaProfiles = tableStore((db) => db.streamMediaProfile);
export const notifications = tableStore((db) => db.notification);
export const whatsNew = tableStore((db) => db.whatsNew);

// ── application configuration ──────────────────────────────────────────────────────────────

/** The entries with these keys. */
export function findApplicationConfigurationsByKeys(db: Client, keys: string[]): Promise<ApplicationConfigurationRecord[]> {
  return db.applicationConfiguration.findMany({ where: { key: { in: keys } } });
}

export function findApplicationConfigurationByKey(db: Client, key: string): Promise<ApplicationConfigurationRecord | null> {
  return db.applicationConfiguration.findUnique({ where: { key } });
}

// ── geocoding profiles ─────────────────────────────────────────────────────────────────────

/** The ids of the default profiles other than `exceptId`. */
export async function findOtherDefaultGeocodingProfileIds(db: Client, exceptId: string): Promise<string[]> {
  return (await db.geocodingProfile.findMany({ where: { isDefault: true, id: { not: exceptId } }, select: { id: true } })).map((o) => o.id);
}

/** The default profile (other than `exceptId`, when given) is no longer the default. */
export async function undefaultGeocodingProfiles(db: Client, exceptId?: string): Promise<void> {
  await db.geocodingProfile.updateMany({
    where: exceptId === undefined ? { isDefault: true } : { isDefault: true, id: { not: exceptId } },
    data: { isDefault: false, version: { increment: 1 } },
  });
}

// ── organisations ──────────────────────────────────────────────────────────────────────────

/** Delete the organisation while it has no users (one statement); answers the rows deleted. */
export async function deleteOrganisationWithoutUsers(db: Client, id: string): Promise<number> {
  return (await db.organisation.deleteMany({ where: { id, users: { none: {} } } })).count;
}

/** The organisation of each user (with one, or of the organisation `id`) and whether they are active. */
export function findOrganisationUsers(
  db: Client,
  id: string | undefined,
): Promise<Prisma.UserGetPayload<{ select: { organisationId: true; active: true } }>[]> {
  return db.user.findMany({
    where: id === undefined ? { organisationId: { not: null } } : { organisationId: id },
    select: { organisationId: true, active: true },
  });
}

/** The organisation of each organisation–inventory association (of every one, or of `id`'s). */
export function findOrganisationInventoryOwners(
  db: Client,
  id: string | undefined,
): Promise<Prisma.OrganisationInventoryGetPayload<{ select: { organisationId: true } }>[]> {
  return db.organisationInventory.findMany({ where: id === undefined ? {} : { organisationId: id }, select: { organisationId: true } });
}

/** The organisation–inventory associations (of one organisation, when given) with the organisations' names. */
export function findOrganisationInventories(db: Client, organisationId: string | undefined): Promise<OrganisationInventoryRecord[]> {
  return db.organisationInventory.findMany({ where: organisationId !== undefined ? { organisationId } : {}, include: withOrganisationName });
}

export async function organisationHasInventory(db: Client, organisationId: string, inventoryId: string): Promise<boolean> {
  return (await db.organisationInventory.findUnique({ where: { organisationId_inventoryId: { organisationId, inventoryId } } })) !== null;
}

export async function addOrganisationInventory(db: Client, organisationId: string, inventoryId: string): Promise<void> {
  await db.organisationInventory.create({ data: { organisationId, inventoryId } });
}

export async function removeOrganisationInventory(db: Client, organisationId: string, inventoryId: string): Promise<number> {
  return (await db.organisationInventory.deleteMany({ where: { organisationId, inventoryId } })).count;
}

// ── stream providers and their profiles ────────────────────────────────────────────────────

const withProfiles = { profiles: { select: { name: true, isMain: true } } } as const satisfies Prisma.StreamProviderInclude;
export type StreamProviderRecord = Prisma.StreamProviderGetPayload<{ include: typeof withProfiles }>;

const withProvider = { provider: { select: { name: true } } } as const satisfies Prisma.StreamProfileInclude;
export type StreamProfileRecord = Prisma.StreamProfileGetPayload<{ include: typeof withProvider }>;

/** Providers with their profiles' names and main flags (what the providers tab shows). */
export const streamProviders: SettingStore<StreamProviderRecord, Prisma.StreamProviderCreateInput, Prisma.StreamProviderUpdateManyMutationInput> = {
  all: (db) => db.streamProvider.findMany({ include: withProfiles }),
  find: (db, id) => db.streamProvider.findUnique({ where: { id }, include: withProfiles }),
  create: (db, data) => db.streamProvider.create({ data, include: withProfiles }),
  updateAtVersion: tableStore((db) => db.streamProvider).updateAtVersion,
  delete: tableStore((db) => db.streamProvider).delete,
  taken: tableStore((db) => db.streamProvider).taken,
};

/** Profiles with their providers' names. */
export const streamProfiles: SettingStore<StreamProfileRecord, Prisma.StreamProfileUncheckedCreateInput, Prisma.StreamProfileUpdateManyMutationInput> = {
  all: (db) => db.streamProfile.findMany({ include: withProvider }),
  find: (db, id) => db.streamProfile.findUnique({ where: { id }, include: withProvider }),
  create: (db, data) => db.streamProfile.create({ data, include: withProvider }),
  updateAtVersion: tableStore((db) => db.streamProfile).updateAtVersion,
  delete: tableStore((db) => db.streamProfile).delete,
  taken: tableStore((db) => db.streamProfile).taken,
};

/** The ids of the provider's profiles. */
export async function findStreamProfileIdsOfProvider(db: Client, providerId: string): Promise<string[]> {
  return (await db.streamProfile.findMany({ where: { providerId }, select: { id: true } })).map((p) => p.id);
}

// ── system messages ────────────────────────────────────────────────────────────────────────

/** The notifications not expired at `now` for the user's inventories (global: all), newest first. */
export function findLiveNotifications(db: Client, now: number, global: boolean, inventoryIds: string[]): Promise<NotificationRecord[]> {
  return db.notification.findMany({
    where: {
      AND: [
        { OR: [{ expireDate: null }, { expireDate: { gt: new Date(now) } }] },
        global ? {} : { OR: [{ globalNotification: true }, { inventoryId: { in: inventoryIds } }] },
      ],
    },
    orderBy: { createdAt: 'desc' },
  });
}

// ── what's new ─────────────────────────────────────────────────────────────────────────────

/** The active, published entries, newest first (the feed). */
export function findPublishedWhatsNew(db: Client): Promise<WhatsNewRecord[]> {
  return db.whatsNew.findMany({
    where: { active: true, publishedAt: { not: null } },
    orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
  });
}

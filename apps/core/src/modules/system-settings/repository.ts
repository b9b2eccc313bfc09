/**
 * System settings in storage: every query of the system-settings module (AI credentials,
 * application configuration, client applications, geocoding profiles, modem vendors,
 * organisations, stream media profiles, stream providers and profiles, system messages, what's
 * new). Each function takes the client to run on: the service's `db`, or a transaction's `tx`
 * inside `transaction(...)`. A guarded write answers the rows it changed; the service decides.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type AiCredentialRecord = Prisma.AiCredentialGetPayload<object>;
export type ApplicationConfigurationRecord = Prisma.ApplicationConfigurationGetPayload<object>;
export type ClientApplicationRecord = Prisma.ClientApplicationGetPayload<object>;
export type GeocodingProfileRecord = Prisma.GeocodingProfileGetPayload<object>;
export type ModemVendorRecord = Prisma.ModemVendorGetPayload<object>;
export type OrganisationRecord = Prisma.OrganisationGetPayload<object>;
export type StreamMediaProfileRecord = Prisma.StreamMediaProfileGetPayload<object>;
export type NotificationRecord = Prisma.NotificationGetPayload<object>;
export type WhatsNewRecord = Prisma.WhatsNewGetPayload<object>;

const withProfiles = { profiles: { select: { name: true, isMain: true } } } as const satisfies Prisma.StreamProviderInclude;
export type StreamProviderRecord = Prisma.StreamProviderGetPayload<{ include: typeof withProfiles }>;

const withProvider = { provider: { select: { name: true } } } as const satisfies Prisma.StreamProfileInclude;
export type StreamProfileRecord = Prisma.StreamProfileGetPayload<{ include: typeof withProvider }>;

const withOrganisationName = { organisation: { select: { name: true } } } as const satisfies Prisma.OrganisationInventoryInclude;
export type OrganisationInventoryRecord = Prisma.OrganisationInventoryGetPayload<{ include: typeof withOrganisationName }>;

/** `{ id: { not: exceptId } }` when there is one to leave out (a row checked against the others). */
const notNull = (exceptId: string | null) => (exceptId === null ? {} : { id: { not: exceptId } });
const notEmpty = (exceptId: string | null) => (exceptId ? { id: { not: exceptId } } : {});

// ── AI credentials ─────────────────────────────────────────────────────────────────────────

export function findAiCredentials(db: Db | DbTx): Promise<AiCredentialRecord[]> {
  return db.aiCredential.findMany();
}

export function findAiCredential(db: Db | DbTx, id: string): Promise<AiCredentialRecord | null> {
  return db.aiCredential.findUnique({ where: { id } });
}

export function createAiCredential(db: Db | DbTx, data: Prisma.AiCredentialUncheckedCreateInput): Promise<AiCredentialRecord> {
  return db.aiCredential.create({ data });
}

/** Set columns of the credential while it is at `version` (its version moves on); answers the rows changed. */
export async function updateAiCredentialAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.AiCredentialUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.aiCredential.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteAiCredential(db: Db | DbTx, id: string): Promise<number> {
  return (await db.aiCredential.deleteMany({ where: { id } })).count;
}

/** Whether another credential (not `exceptId`) has the name. */
export async function aiCredentialNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.aiCredential.findFirst({ where: { name, ...notNull(exceptId) }, select: { id: true } })) !== null;
}

// ── application configuration ──────────────────────────────────────────────────────────────

export function findApplicationConfigurations(db: Db | DbTx): Promise<ApplicationConfigurationRecord[]> {
  return db.applicationConfiguration.findMany();
}

/** The entries with these keys. */
export function findApplicationConfigurationsByKeys(db: Db | DbTx, keys: string[]): Promise<ApplicationConfigurationRecord[]> {
  return db.applicationConfiguration.findMany({ where: { key: { in: keys } } });
}

export function findApplicationConfiguration(db: Db | DbTx, id: string): Promise<ApplicationConfigurationRecord | null> {
  return db.applicationConfiguration.findUnique({ where: { id } });
}

export function findApplicationConfigurationByKey(db: Db | DbTx, key: string): Promise<ApplicationConfigurationRecord | null> {
  return db.applicationConfiguration.findUnique({ where: { key } });
}

export async function applicationConfigurationKeyTaken(db: Db | DbTx, key: string): Promise<boolean> {
  return (await db.applicationConfiguration.findUnique({ where: { key }, select: { id: true } })) !== null;
}

export function createApplicationConfiguration(db: Db | DbTx, data: Prisma.ApplicationConfigurationCreateInput): Promise<ApplicationConfigurationRecord> {
  return db.applicationConfiguration.create({ data });
}

export async function updateApplicationConfigurationAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.ApplicationConfigurationUpdateManyMutationInput,
): Promise<number> {
  return (await db.applicationConfiguration.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteApplicationConfiguration(db: Db | DbTx, id: string): Promise<number> {
  return (await db.applicationConfiguration.deleteMany({ where: { id } })).count;
}

// ── client applications ────────────────────────────────────────────────────────────────────

export function findClientApplications(db: Db | DbTx): Promise<ClientApplicationRecord[]> {
  return db.clientApplication.findMany();
}

export function findClientApplication(db: Db | DbTx, id: string): Promise<ClientApplicationRecord | null> {
  return db.clientApplication.findUnique({ where: { id } });
}

export function createClientApplication(db: Db | DbTx, data: Prisma.ClientApplicationCreateInput): Promise<ClientApplicationRecord> {
  return db.clientApplication.create({ data });
}

export async function updateClientApplicationAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.ClientApplicationUpdateManyMutationInput,
): Promise<number> {
  return (await db.clientApplication.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteClientApplication(db: Db | DbTx, id: string): Promise<number> {
  return (await db.clientApplication.deleteMany({ where: { id } })).count;
}

/** Whether another application (not `exceptId`) has the name. */
export async function clientApplicationNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.clientApplication.findFirst({ where: { ...notNull(exceptId), name }, select: { id: true } })) !== null;
}

/** Whether another application (not `exceptId`) has the client id. */
export async function clientIdTaken(db: Db | DbTx, clientId: string, exceptId: string | null): Promise<boolean> {
  return (await db.clientApplication.findFirst({ where: { ...notNull(exceptId), clientId }, select: { id: true } })) !== null;
}

// ── geocoding profiles ─────────────────────────────────────────────────────────────────────

export function findGeocodingProfiles(db: Db | DbTx): Promise<GeocodingProfileRecord[]> {
  return db.geocodingProfile.findMany();
}

export function findGeocodingProfile(db: Db | DbTx, id: string): Promise<GeocodingProfileRecord | null> {
  return db.geocodingProfile.findUnique({ where: { id } });
}

export async function geocodingProfileExists(db: Db | DbTx, id: string): Promise<boolean> {
  return (await db.geocodingProfile.findUnique({ where: { id }, select: { id: true } })) !== null;
}

/** Whether another profile (not `exceptId`) has the name. */
export async function geocodingProfileNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.geocodingProfile.findFirst({ where: { name, ...notEmpty(exceptId) }, select: { id: true } })) !== null;
}

export function createGeocodingProfile(db: Db | DbTx, data: Prisma.GeocodingProfileCreateInput): Promise<GeocodingProfileRecord> {
  return db.geocodingProfile.create({ data });
}

export async function updateGeocodingProfileAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.GeocodingProfileUpdateManyMutationInput,
): Promise<number> {
  return (await db.geocodingProfile.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** The ids of the default profiles other than `exceptId`. */
export async function findOtherDefaultGeocodingProfileIds(db: Db | DbTx, exceptId: string): Promise<string[]> {
  return (await db.geocodingProfile.findMany({ where: { isDefault: true, id: { not: exceptId } }, select: { id: true } })).map((o) => o.id);
}

/** The default profile (other than `exceptId`, when given) is no longer the default. */
export async function undefaultGeocodingProfiles(db: Db | DbTx, exceptId?: string): Promise<void> {
  await db.geocodingProfile.updateMany({
    where: exceptId === undefined ? { isDefault: true } : { isDefault: true, id: { not: exceptId } },
    data: { isDefault: false, version: { increment: 1 } },
  });
}

/** Delete the profile while it is at `version` and not the default; answers the rows deleted. */
export async function deleteGeocodingProfileAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.geocodingProfile.deleteMany({ where: { id, version, isDefault: false } })).count;
}

// ── modem vendors ──────────────────────────────────────────────────────────────────────────

export function findModemVendors(db: Db | DbTx): Promise<ModemVendorRecord[]> {
  return db.modemVendor.findMany();
}

export function findModemVendor(db: Db | DbTx, id: string): Promise<ModemVendorRecord | null> {
  return db.modemVendor.findUnique({ where: { id } });
}

export function createModemVendor(db: Db | DbTx, data: Prisma.ModemVendorCreateInput): Promise<ModemVendorRecord> {
  return db.modemVendor.create({ data });
}

export async function updateModemVendorAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.ModemVendorUpdateManyMutationInput): Promise<number> {
  return (await db.modemVendor.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteModemVendor(db: Db | DbTx, id: string): Promise<number> {
  return (await db.modemVendor.deleteMany({ where: { id } })).count;
}

/** Whether another vendor (not `exceptId`) has the name. */
export async function modemVendorNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.modemVendor.findFirst({ where: { name, ...notNull(exceptId) }, select: { id: true } })) !== null;
}

// ── organisations ──────────────────────────────────────────────────────────────────────────

export function findOrganisations(db: Db | DbTx): Promise<OrganisationRecord[]> {
  return db.organisation.findMany();
}

export function findOrganisation(db: Db | DbTx, id: string): Promise<OrganisationRecord | null> {
  return db.organisation.findUnique({ where: { id } });
}

export async function organisationExists(db: Db | DbTx, id: string): Promise<boolean> {
  return (await db.organisation.findUnique({ where: { id }, select: { id: true } })) !== null;
}

export function createOrganisation(db: Db | DbTx, data: Prisma.OrganisationCreateInput): Promise<OrganisationRecord> {
  return db.organisation.create({ data });
}

export async function updateOrganisationAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.OrganisationUpdateManyMutationInput,
): Promise<number> {
  return (await db.organisation.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the organisation while it has no users (one statement); answers the rows deleted. */
export async function deleteOrganisationWithoutUsers(db: Db | DbTx, id: string): Promise<number> {
  return (await db.organisation.deleteMany({ where: { id, users: { none: {} } } })).count;
}

/** Whether another organisation (not `exceptId`) has the name. */
export async function organisationNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.organisation.findFirst({ where: { ...notNull(exceptId), name }, select: { id: true } })) !== null;
}

/** Whether another organisation (not `exceptId`) has the external UID. */
export async function organisationExternalUidTaken(db: Db | DbTx, externalUid: string, exceptId: string | null): Promise<boolean> {
  return (await db.organisation.findFirst({ where: { ...notNull(exceptId), externalUid }, select: { id: true } })) !== null;
}

/** The organisation of each user (with one, or of the organisation `id`) and whether they are active. */
export function findOrganisationUsers(
  db: Db | DbTx,
  id: string | undefined,
): Promise<Prisma.UserGetPayload<{ select: { organisationId: true; active: true } }>[]> {
  return db.user.findMany({
    where: id === undefined ? { organisationId: { not: null } } : { organisationId: id },
    select: { organisationId: true, active: true },
  });
}

/** The organisation of each organisation–inventory association (of every one, or of `id`'s). */
export function findOrganisationInventoryOwners(
  db: Db | DbTx,
  id: string | undefined,
): Promise<Prisma.OrganisationInventoryGetPayload<{ select: { organisationId: true } }>[]> {
  return db.organisationInventory.findMany({ where: id === undefined ? {} : { organisationId: id }, select: { organisationId: true } });
}

/** The organisation–inventory associations (of one organisation, when given) with the organisations' names. */
export function findOrganisationInventories(db: Db | DbTx, organisationId: string | undefined): Promise<OrganisationInventoryRecord[]> {
  return db.organisationInventory.findMany({ where: organisationId !== undefined ? { organisationId } : {}, include: withOrganisationName });
}

export async function organisationHasInventory(db: Db | DbTx, organisationId: string, inventoryId: string): Promise<boolean> {
  return (await db.organisationInventory.findUnique({ where: { organisationId_inventoryId: { organisationId, inventoryId } } })) !== null;
}

export async function addOrganisationInventory(db: Db | DbTx, organisationId: string, inventoryId: string): Promise<void> {
  await db.organisationInventory.create({ data: { organisationId, inventoryId } });
}

export async function removeOrganisationInventory(db: Db | DbTx, organisationId: string, inventoryId: string): Promise<number> {
  return (await db.organisationInventory.deleteMany({ where: { organisationId, inventoryId } })).count;
}

// ── stream media profiles ──────────────────────────────────────────────────────────────────

export function findAllStreamMediaProfiles(db: Db | DbTx): Promise<StreamMediaProfileRecord[]> {
  return db.streamMediaProfile.findMany();
}

export function findStreamMediaProfile(db: Db | DbTx, id: string): Promise<StreamMediaProfileRecord | null> {
  return db.streamMediaProfile.findUnique({ where: { id } });
}

export function createStreamMediaProfile(db: Db | DbTx, data: Prisma.StreamMediaProfileCreateInput): Promise<StreamMediaProfileRecord> {
  return db.streamMediaProfile.create({ data });
}

export async function updateStreamMediaProfileAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.StreamMediaProfileUpdateManyMutationInput,
): Promise<number> {
  return (await db.streamMediaProfile.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteStreamMediaProfileAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.streamMediaProfile.deleteMany({ where: { id, version } })).count;
}

/** Whether another media profile (not `exceptId`) has the name. */
export async function streamMediaProfileNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.streamMediaProfile.findFirst({ where: { name, ...notEmpty(exceptId) }, select: { id: true } })) !== null;
}

// ── stream providers and their profiles ────────────────────────────────────────────────────

export function findStreamProviders(db: Db | DbTx): Promise<StreamProviderRecord[]> {
  return db.streamProvider.findMany({ include: withProfiles });
}

export function findStreamProvider(db: Db | DbTx, id: string): Promise<StreamProviderRecord | null> {
  return db.streamProvider.findUnique({ where: { id }, include: withProfiles });
}

export async function streamProviderExists(db: Db | DbTx, id: string): Promise<boolean> {
  return (await db.streamProvider.findUnique({ where: { id }, select: { id: true } })) !== null;
}

export function createStreamProvider(db: Db | DbTx, data: Prisma.StreamProviderCreateInput): Promise<StreamProviderRecord> {
  return db.streamProvider.create({ data, include: withProfiles });
}

export async function updateStreamProviderAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.StreamProviderUpdateManyMutationInput,
): Promise<number> {
  return (await db.streamProvider.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the provider while it is at `version` (its profiles go with it); answers the rows deleted. */
export async function deleteStreamProviderAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.streamProvider.deleteMany({ where: { id, version } })).count;
}

/** Whether another provider (not `exceptId`) has the name. */
export async function streamProviderNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.streamProvider.findFirst({ where: { name, ...notEmpty(exceptId) }, select: { id: true } })) !== null;
}

/** The ids of the provider's profiles. */
export async function findStreamProfileIdsOfProvider(db: Db | DbTx, providerId: string): Promise<string[]> {
  return (await db.streamProfile.findMany({ where: { providerId }, select: { id: true } })).map((p) => p.id);
}

/** The profiles (of one provider, when given) with their providers' names. */
export function findStreamProfiles(db: Db | DbTx, providerId: string | undefined): Promise<StreamProfileRecord[]> {
  return db.streamProfile.findMany({ where: providerId !== undefined ? { providerId } : {}, include: withProvider });
}

export function findStreamProfile(db: Db | DbTx, id: string): Promise<StreamProfileRecord | null> {
  return db.streamProfile.findUnique({ where: { id }, include: withProvider });
}

export function createStreamProfile(db: Db | DbTx, data: Prisma.StreamProfileUncheckedCreateInput): Promise<StreamProfileRecord> {
  return db.streamProfile.create({ data, include: withProvider });
}

export async function updateStreamProfileAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.StreamProfileUpdateManyMutationInput,
): Promise<number> {
  return (await db.streamProfile.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteStreamProfileAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.streamProfile.deleteMany({ where: { id, version } })).count;
}

/** Whether another profile of the provider (not `exceptId`) has the name. */
export async function streamProfileNameTaken(db: Db | DbTx, providerId: string, name: string, exceptId: string | null): Promise<boolean> {
  return (
    (await db.streamProfile.findFirst({
      where: { providerId, name, ...notEmpty(exceptId) },
      select: { id: true },
    })) !== null
  );
}

/** Whether another profile of the provider (not `exceptId`) is its main one. */
export async function otherMainStreamProfile(db: Db | DbTx, providerId: string, exceptId: string | null): Promise<boolean> {
  return (
    (await db.streamProfile.findFirst({
      where: { providerId, isMain: true, ...notEmpty(exceptId) },
      select: { id: true },
    })) !== null
  );
}

// ── system messages ────────────────────────────────────────────────────────────────────────

export function findNotifications(db: Db | DbTx): Promise<NotificationRecord[]> {
  return db.notification.findMany();
}

export function findNotification(db: Db | DbTx, id: string): Promise<NotificationRecord | null> {
  return db.notification.findUnique({ where: { id } });
}

export function createNotification(db: Db | DbTx, data: Prisma.NotificationUncheckedCreateInput): Promise<NotificationRecord> {
  return db.notification.create({ data });
}

export async function updateNotificationAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.NotificationUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.notification.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteNotificationAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.notification.deleteMany({ where: { id, version } })).count;
}

// ── what's new ─────────────────────────────────────────────────────────────────────────────

/** The active, published entries, newest first (the feed). */
export function findPublishedWhatsNew(db: Db | DbTx): Promise<WhatsNewRecord[]> {
  return db.whatsNew.findMany({
    where: { active: true, publishedAt: { not: null } },
    orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
  });
}

export function findAllWhatsNew(db: Db | DbTx): Promise<WhatsNewRecord[]> {
  return db.whatsNew.findMany();
}

export function findWhatsNew(db: Db | DbTx, id: string): Promise<WhatsNewRecord | null> {
  return db.whatsNew.findUnique({ where: { id } });
}

export function createWhatsNew(db: Db | DbTx, data: Prisma.WhatsNewCreateInput): Promise<WhatsNewRecord> {
  return db.whatsNew.create({ data });
}

export async function updateWhatsNewAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.WhatsNewUpdateManyMutationInput): Promise<number> {
  return (await db.whatsNew.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteWhatsNewAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.whatsNew.deleteMany({ where: { id, version } })).count;
}

/** The notifications not expired at `now` for the user's inventories (global: all), newest first. */
export function findLiveNotifications(db: Db | DbTx, now: number, global: boolean, inventoryIds: string[]): Promise<NotificationRecord[]> {
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

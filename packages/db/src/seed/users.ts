/** Fixtures: one user per role (username = role) with preferences; alert configurations and their recipients. */
import { ALERT_LEVELS, ALERT_TYPES, DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS, DEFAULT_USER_PREFERENCES, ROLES, type Role } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import type { Db, DbTx } from '../client.js';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from './newsroom.js';
import { timesAround, DAY, replacing, streamFor, type Count } from './random.js';
import { GROUPS, INVENTORIES, SEE_ALL, SEED_IDS, UNITS, USER_PASSWORD_EXPIRING, USER_WITHOUT_EMAIL, type GroupId, type InventoryId } from './structure.js';

export async function seedUsers(tx: DbTx, seedValue: number, now: Date, hashes: ReadonlyMap<Role, string>, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'users', now);
  const { stamps, ahead } = timesAround(now, faker);
  // The people of the newsroom (newsroom.ts), from a stream of their own: no two accounts share a name.
  const people = streamFor(seedValue, 'people', now);
  const firstNames = people.helpers.shuffle([...FIRST_NAMES]);
  const lastNames = people.helpers.shuffle([...LAST_NAMES]);
  const globalGroups = SEED_IDS.groupsByInventory['inv-global'];
  // Built in the roles' order, written in four statements (a Prisma call costs about a millisecond here).
  const users: Prisma.UserCreateManyInput[] = [];
  const userInventories: Prisma.UserInventoryCreateManyInput[] = [];
  const userGroups: Prisma.UserGroupCreateManyInput[] = [];
  const preferences: Prisma.UserPreferenceCreateManyInput[] = [];
  for (const [i, role] of ROLES.entries()) {
    const firstName = replacing(firstNames[i % firstNames.length]!, faker.person.firstName());
    const lastName = replacing(lastNames[i % lastNames.length]!, faker.person.lastName());
    const seeAll = SEE_ALL.includes(role);
    const email = role === USER_WITHOUT_EMAIL ? null : `${role.replace(/_/g, '.')}@demo.example.com`;
    users.push({
      id: SEED_IDS.users[role],
      username: role,
      passwordHash: hashes.get(role) ?? '',
      email,
      firstName,
      lastName,
      userType: role,
      roles: [role],
      userLabel: faker.helpers.maybe(() => replacing(people.helpers.arrayElement(JOB_TITLES), faker.person.jobTitle()), { probability: 0.5 }) ?? null,
      active: true,
      sso: false,
      passwordExpiresAt: role === USER_PASSWORD_EXPIRING ? ahead(7 * DAY) : null,
      passwordExpiryPolicy: role === USER_PASSWORD_EXPIRING ? '3' : 'never',
      receiveUpdates: faker.datatype.boolean(),
      contact: { phone: faker.phone.number({ style: 'international' }) },
      // No wsLibrary here: the websocket library is the core's WS_LIBRARY setting, one value everywhere.
      props: { subscriptionBatchSize: 50 },
      permissions: { unitLicenseActivation: role === 'super_user' || role === 'luc_admin' },
      groupId: globalGroups[0] ?? null,
      organisationId: 'org-demo',
      ...stamps(),
    });
    const inventories: InventoryId[] = seeAll ? INVENTORIES.map((i) => i.id) : ['inv-global'];
    const groups: GroupId[] = seeAll ? GROUPS.map((g) => g.id) : globalGroups;
    userInventories.push(...inventories.map((inventoryId) => ({ userId: SEED_IDS.users[role], inventoryId })));
    userGroups.push(...groups.map((groupId) => ({ userId: SEED_IDS.users[role], groupId })));
    preferences.push({ userId: SEED_IDS.users[role], data: seededPreferences(role), createdAt: now, updatedAt: now });
  }
  await tx.user.createMany({ data: users });
  await tx.userInventory.createMany({ data: userInventories });
  await tx.userGroup.createMany({ data: userGroups });
  await tx.userPreference.createMany({ data: preferences });
  count('user', ROLES.length);
  count('userPreference', ROLES.length);
}

/**
 * The preferences a demo account has in the seed: the defaults (spec 000 §9), the account's first
 * group of the first inventory, and the unit list as the page it opens on.
 */
export function seededPreferences(role: Role): Prisma.InputJsonObject {
  const groups: readonly GroupId[] = SEE_ALL.includes(role) ? GROUPS.map((g) => g.id) : SEED_IDS.groupsByInventory['inv-global'];
  return {
    ...DEFAULT_USER_PREFERENCES,
    groupId: groups[0] ?? null,
    inventoryId: 'inv-global',
    inventoryName: 'Global-News',
    currentRoute: '/list',
    leftPanelWidth: 320,
  };
}

/**
 * Gives every seeded demo account (usr-<role>) that still exists its seeded preferences again: the
 * page it last visited, its filters, language and the rest are forgotten, so that it opens on the
 * unit list as after the seed. Accounts created later keep theirs. Answers how many were restored.
 */
export async function restoreSeededPreferences(db: Db | DbTx): Promise<number> {
  let restored = 0;
  for (const role of ROLES) {
    const userId = SEED_IDS.users[role];
    if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) continue;
    const data = seededPreferences(role);
    // The version moves on, so a save made from a page read before the reset does not land on it unseen.
    await db.userPreference.upsert({ where: { userId }, create: { userId, data }, update: { data, version: { increment: 1 } } });
    restored++;
  }
  return restored;
}

export async function seedAlertConfigurations(tx: DbTx, now: Date, count: Count): Promise<void> {
  const globalGroups = SEED_IDS.groupsByInventory['inv-global'];
  const alertDefaults = Object.fromEntries(
    ALERT_TYPES.map((t) => [t, { enabled: true, level: t === 'cameraDisconnected' || t === 'bitrateDrop' ? ALERT_LEVELS[0] : ALERT_LEVELS[1] }]),
  );
  const alertConfig = (over: Partial<Prisma.AlertConfigurationCreateManyInput>): Prisma.AlertConfigurationCreateManyInput => ({
    id: '',
    scope: 'default',
    alerts: alertDefaults,
    settings: { ...DEFAULT_ALERT_SETTINGS },
    soundSettings: { ...DEFAULT_ALERT_SOUND_SETTINGS },
    createdAt: now,
    updatedAt: now,
    ...over,
  });
  const alertConfigs: Prisma.AlertConfigurationCreateManyInput[] = [
    alertConfig({ id: SEED_IDS.defaultAlertConfiguration, scope: 'default' }),
    ...INVENTORIES.map((i) => alertConfig({ id: `alc-${i.id}`, scope: 'inventory', inventoryId: i.id })),
    ...GROUPS.map((g) => alertConfig({ id: `alc-${g.id}`, scope: 'group', groupId: g.id, inventoryId: g.inventoryId })),
    ...UNITS.filter((u) => u.alertsMode).map((u) =>
      alertConfig({
        id: `alc-${u.id}`,
        scope: 'unit',
        unitId: u.id,
        sourceGroupId: u.alertsMode === 'group' ? (u.groups[0] ?? null) : null,
      }),
    ),
  ];
  await tx.alertConfiguration.createMany({ data: alertConfigs });
  count('alertConfiguration', alertConfigs.length);
  await tx.alertEmailRecipient.createMany({
    data: globalGroups.map((g, i) => ({
      id: `alr-${g}`,
      alertConfigurationId: `alc-${g}`,
      alertType: 'all',
      email: 'luc.regular@demo.example.com',
      verified: i === 0,
      createdAt: now,
      updatedAt: now,
    })),
  });
}

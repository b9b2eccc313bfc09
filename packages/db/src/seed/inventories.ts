/** Fixtures: the organisation, usage profiles, inventories (managed services, licence pools), groups, the databridge gateway. */
import { MANAGED_SERVICES } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import type { DbTx } from '../client.js';
import { timesAround, DAY, safeName, streamFor, type Count } from './random.js';
import { GATED_MANAGED_SERVICES, GROUPS, INVENTORIES } from './structure.js';

/** The graphics managed service of each demo inventory. */
const GRAPHICS_SEED: Record<(typeof INVENTORIES)[number]['id'], { status: string; trialState?: string }> = {
  'inv-global': { status: 'enabled' },
  'inv-global-sports': { status: 'disabled', trialState: 'enabledTrial' },
  'inv-metro': { status: 'disabled' },
};

/**
 * Managed services in the states the /inventory_services screen shows (spec 001 §4), over the
 * random statuses: a trial offered, one running, a quota counted in data, an expired service; and
 * each inventory's licence pool per unit service (/unit_license_activation).
 */
const MANAGED_SEED = (now: number, day: number): Record<(typeof INVENTORIES)[number]['id'], Record<string, Record<string, unknown>>> => ({
  'inv-global': {
    smart_plan: { status: 'disabled', trialState: 'enabledTrial', planType: 'ADHOC_SMART' },
    go_plan: { status: 'enabled', usageKind: 'data', quota: 2000, planType: 'PERMANENT' },
  },
  'inv-global-sports': {
    smart_plan: {
      status: 'disabled',
      trialState: 'activeTrial',
      planType: 'PERMANENT_LITE',
      trialStartedAt: new Date(now - 25 * day).toISOString(),
      trialEndsAt: new Date(now + 5 * day).toISOString(),
    },
  },
  'inv-metro': {
    smart_plan: { status: 'disabled', trialState: 'expiredTrial' },
    ai_integration: { status: 'expired' },
  },
});
const LICENCE_POOL_SEED: Record<(typeof INVENTORIES)[number]['id'], Record<string, { total: number }>> = {
  'inv-global': { sla: { total: 20 }, 'video-return': { total: 4 }, '4K': { total: 2 }, hevc: { total: 6 } },
  'inv-global-sports': { sla: { total: 2 }, hevc: { total: 1 } },
  'inv-metro': { sla: { total: 1 } },
};

/** The usage profiles (the units' ones are referenced by id), made before the inventories they belong to. */
export function usageProfileRows(seedValue: number, now: Date): Prisma.UsageProfileCreateManyInput[] {
  const { stamps } = timesAround(now, streamFor(seedValue, 'usageProfiles', now));
  return [
    { id: 'usp-data-default', name: 'Default-Data', type: 'data', quotaPerMonth: 500, resetDay: 1, isDefault: true, ...stamps() },
    { id: 'usp-hours-default', name: 'Default-Hours', type: 'hours', quotaPerMonth: 100, resetDay: 1, isDefault: true, ...stamps() },
    { id: 'usp-news-data', name: 'News-Data-2TB', type: 'data', quotaPerMonth: 2000, resetDay: 15, inventoryId: 'inv-global', ...stamps() },
  ];
}

export async function seedInventories(tx: DbTx, seedValue: number, now: Date, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'inventories', now);
  const { stamps } = timesAround(now, faker);
  await tx.organisation.create({
    data: { id: 'org-demo', name: 'Demo-Broadcasting', externalUid: 'ext-demo-1', defaultRole: 'luc_regular', maxUsers: 50, ...stamps() },
  });
  count('organisation', 1);
  // Inventories (parent first)
  for (const inv of INVENTORIES) {
    await tx.inventory.create({
      data: {
        id: inv.id,
        name: inv.name,
        region: inv.region,
        parentId: inv.parentId,
        sipServer: `sip.${safeName(inv.name).toLowerCase()}.example.net`,
        properties: { mapView: true, reboot: true, vsim: inv.id !== 'inv-metro', socialMedia: true, mjpegPreview: inv.id === 'inv-global' },
        managedServices: {
          ...Object.fromEntries(MANAGED_SERVICES.map((s) => [s, { status: faker.helpers.arrayElement(['enabled', 'disabled', 'active']) }])),
          ...GATED_MANAGED_SERVICES[inv.id],
          ...MANAGED_SEED(now.getTime(), DAY)[inv.id],
          // Graphics in each state the /my_graphics screen shows: enabled, a trial not yet
          // started (10 hours within 30 days of the first session), not enabled.
          graphics: GRAPHICS_SEED[inv.id],
        },
        settings: {
          ifb: { available: faker.number.int({ min: 2, max: 10 }), used: faker.number.int({ min: 0, max: 2 }), frozen: 0 },
          licences: LICENCE_POOL_SEED[inv.id],
        },
        ...stamps(),
      },
    });
  }
  count('inventory', INVENTORIES.length);
  await tx.organisationInventory.createMany({ data: INVENTORIES.map((i) => ({ organisationId: 'org-demo', inventoryId: i.id })) });
  const usageProfiles = usageProfileRows(seedValue, now);
  await tx.usageProfile.createMany({ data: usageProfiles });
  count('usageProfile', usageProfiles.length);
  // Managed services live in Inventory.managedServices alone (no Service rows: those are the units' services).
}

export async function seedGroups(tx: DbTx, seedValue: number, now: Date, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'groups', now);
  const { stamps } = timesAround(now, faker);
  await tx.group.createMany({
    data: GROUPS.map((g) => ({
      id: g.id,
      name: g.name,
      inventoryId: g.inventoryId,
      autoAssociation: { units: faker.datatype.boolean(), channels: faker.datatype.boolean(), vrChannels: false, users: false },
      alertThresholds: {
        battery: { warning: 30, critical: 10 },
        serverCpu: { warning: 80, critical: 95 },
        serverStorage: { warning: 80, critical: 95 },
        bitrateDrop: { warning: 50, critical: 80 },
      },
      defaultConfiguration: { delay: 3000, transmissionMode: 'live' },
      invitation: { adhoc: { mode: 'ADHOC', period: '1d' }, permanent: { regeneration: 'never' } },
      features: { ExternalPreview: g.inventoryId === 'inv-global' },
      ...stamps(),
    })),
  });
  count('group', GROUPS.length);

  // Databridge gateway
  await tx.databridgeGateway.create({
    data: { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global', ...stamps() },
  });
  count('databridgeGateway', 1);
}

/** Fixtures: the units of the fleet plan (fleet.ts), their services and memberships, the P2P links. */
import { OWNERSHIP_VALUES, SERVICES, STORE_AND_FORWARD_PROFILES } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import type { DbTx } from '../client.js';
import type { UsageSeedUnit } from '../seed-usage.js';
import type { FleetPlan } from './fleet.js';
import { UNIT_NOTES } from './newsroom.js';
import { timesAround, DAY, fixedOr, inChunks, replacing, safeName, streamFor, type Count } from './random.js';
import { SOFTWARE_VERSION_NUMBERS } from './structure.js';

/** Makes the units; answers what the usage records are drawn from (seed-usage.ts). */
export async function seedUnits(
  tx: DbTx,
  seedValue: number,
  now: Date,
  plan: FleetPlan,
  usageProfiles: readonly Prisma.UsageProfileCreateManyInput[],
  count: Count,
): Promise<UsageSeedUnit[]> {
  const { units, unitInventories, unitGroups, unitServices, usageUnits } = unitRows(seedValue, now, plan, usageProfiles);
  await inChunks(units, (data) => tx.unit.createMany({ data }));
  await inChunks(unitInventories, (data) => tx.unitInventory.createMany({ data }));
  await inChunks(unitGroups, (data) => tx.unitGroup.createMany({ data }));
  await inChunks(unitServices, (data) => tx.service.createMany({ data }));
  count('unit', units.length);
  count('service', unitServices.length);
  return usageUnits;
}

/** The rows of the units, their memberships and services, as the seed writes them (nothing written here). */
export function unitRows(seedValue: number, now: Date, plan: FleetPlan, usageProfiles: readonly Prisma.UsageProfileCreateManyInput[]) {
  const faker = streamFor(seedValue, 'units', now);
  // The notes crews leave on units, from a stream of their own.
  const notes = streamFor(seedValue, 'unitNotes', now);
  const { stamps, ago } = timesAround(now, faker);
  const units: Prisma.UnitCreateManyInput[] = [];
  const unitInventories: Prisma.UnitInventoryCreateManyInput[] = [];
  const unitGroups: Prisma.UnitGroupCreateManyInput[] = [];
  const unitServices: Prisma.ServiceCreateManyInput[] = [];
  const usageUnits: UsageSeedUnit[] = [];
  const profileOf = (id: string | null) => {
    const p = usageProfiles.find((x) => x.id === id);
    return p ? { type: p.type === 'hours' ? ('hours' as const) : ('data' as const), quotaPerMonth: p.quotaPerMonth } : null;
  };
  for (const [index, planned] of plan.units.entries()) {
    const { spec } = planned;
    const sdCard = spec.sdCard ?? (spec.typeGroup === 'fieldUnits' ? faker.datatype.boolean() : false);
    const licenseKind = spec.license ?? faker.helpers.arrayElement(['valid', 'valid', 'pro', 'invalid'] as const);
    const valid = licenseKind !== 'invalid';
    const pro = licenseKind === 'pro' || licenseKind === 'pro4k';
    const fourK = licenseKind === 'pro4k';
    const services = faker.helpers
      .arrayElements(SERVICES, { min: 2, max: 6 })
      .map((s) => ({ serviceName: s, serviceStatus: faker.helpers.arrayElement(['enabled', 'enabled', 'disabled', 'expired']) }));
    const sla = services.find((s) => s.serviceName === 'sla');
    // A fixed SLA state replaces the drawn one in place (the draws stay as they are: nothing after them moves).
    if (sla && spec.sla !== undefined) sla.serviceStatus = spec.sla;
    if (!sla) services.unshift({ serviceName: 'sla', serviceStatus: spec.sla ?? (valid ? 'enabled' : 'disabled') });
    const usageProfileId = spec.usageProfile !== undefined ? spec.usageProfile : faker.helpers.arrayElement(['usp-data-default', 'usp-hours-default', null]);
    units.push({
      id: spec.id,
      name: planned.name,
      comment:
        faker.helpers.maybe(() => replacing(notes.helpers.arrayElement(UNIT_NOTES), faker.lorem.sentence({ min: 3, max: 8 })), { probability: 0.4 }) ?? '',
      productType: spec.productType,
      typeGroup: spec.typeGroup,
      status: 'offline',
      applications: {},
      swVersion: spec.swVersion ?? faker.helpers.arrayElement(SOFTWARE_VERSION_NUMBERS),
      serialNumber: `${spec.id.split('-')[0]}${faker.string.numeric(8)}`,
      sharing: faker.datatype.boolean({ probability: 0.3 }),
      tally: null,
      latitude: planned.latitude,
      longitude: planned.longitude,
      // The plan's (fleet.ts): a real street of the unit's city, where the unit is.
      address: replacing(planned.address, faker.location.streetAddress()),
      license: {
        valid,
        kind: faker.helpers.arrayElement(['hours', 'days']),
        pro,
        fourK,
        raHours: faker.number.int({ min: 0, max: 500 }),
        rlHours: faker.number.int({ min: 0, max: 500 }),
      },
      usageProfileId,
      capabilities: {
        sdCard,
        multiCamera: spec.typeGroup === 'fieldUnits' && spec.productType === 'LU800',
        videoReturn: spec.typeGroup === 'fieldUnits',
        databridge: spec.typeGroup === 'fieldUnits' || spec.typeGroup === 'ptpUnits',
        intercom: spec.typeGroup !== 'extenderDevices',
        ipPipe: spec.typeGroup === 'fieldUnits',
        speedTest: spec.typeGroup === 'fieldUnits',
        hevc: spec.productType === 'LU800' || spec.productType === 'LU300',
      },
      services,
      targetSwVersion: null,
      workingMode: 'video',
      transmissionMode: 'live',
      storeAndForwardVideoQuality: faker.helpers.arrayElement(STORE_AND_FORWARD_PROFILES),
      filenamePrefix: faker.helpers.maybe(() => replacing(safeName(planned.name).slice(0, 32), faker.word.noun()), { probability: 0.3 }) ?? null,
      multiCameraLabels: spec.productType === 'LU800' ? ['CAM-1', 'CAM-2', 'CAM-3', 'CAM-4'] : [],
      hasExtender: spec.typeGroup === 'fieldUnits' && index % 5 === 0,
      selectedChannelId: null,
      ownership: faker.helpers.arrayElement(OWNERSHIP_VALUES),
      configuration: {
        unitUniqueId: spec.id,
        delay: fixedOr(spec.delayMs, faker.helpers.arrayElement([800, 1500, 3000, 5000])),
        virtualChannelName: '',
        bandwidth: { cellular: null, total: null },
        audio: { bitrateKbps: 128, channels: 2 },
        intercoms: [
          { mode: 'audioRoom', destinationAccount: null },
          { mode: 'targetChannel', destinationAccount: null },
        ],
        pairingCodeMode: false,
      },
      alertsConfigMode: spec.alertsMode ?? 'automatic',
      lastReboot: ago(faker.number.int({ min: 1, max: 60 }) * DAY),
      telemetry: {},
      databridgeGatewayId: spec.id === 'LU800-0001' ? 'dbg-0001' : null,
      ...stamps(),
    });
    unitInventories.push({ unitId: spec.id, inventoryId: planned.inventoryId, createdAt: now });
    usageUnits.push({
      id: spec.id,
      inventoryId: planned.inventoryId,
      typeGroup: spec.typeGroup,
      productType: spec.productType,
      licenseValid: valid,
      profile: profileOf(usageProfileId),
    });
    for (const g of spec.groups) unitGroups.push({ unitId: spec.id, groupId: g, expiresAt: null, createdAt: now });
    for (const s of services) {
      unitServices.push({
        id: `svc-${spec.id}-${s.serviceName}`,
        unitId: spec.id,
        serviceName: s.serviceName,
        serviceStatus: s.serviceStatus,
        usageKind: 'na',
        ...stamps(),
      });
    }
  }
  return { units, unitInventories, unitGroups, unitServices, usageUnits };
}

export async function seedP2pLinks(tx: DbTx, seedValue: number, now: Date, count: Count): Promise<void> {
  const { stamps } = timesAround(now, streamFor(seedValue, 'p2pLinks', now));
  await tx.p2pLink.createMany({
    data: [
      { id: 'p2p-0001', name: 'Studio-Link', kind: 'ptp', masterUnitId: 'PTP-0001', machines: [{ uid: 'PTP-0001' }], status: 'idle', ...stamps() },
      {
        id: 'p2p-0002',
        name: 'Studio-Multipoint',
        kind: 'ptmp',
        masterUnitId: 'PTMP-0001',
        machines: [{ uid: 'PTMP-0001' }, { uid: 'LU800-0001' }, { uid: 'LU300-0001' }],
        status: 'idle',
        ...stamps(),
      },
    ],
  });
  await tx.p2pLinkGroup.createMany({
    data: [
      { p2pLinkId: 'p2p-0001', groupId: 'grp-studio', selected: true },
      { p2pLinkId: 'p2p-0002', groupId: 'grp-studio', selected: true },
      { p2pLinkId: 'p2p-0002', groupId: 'grp-newsroom', selected: false },
    ],
  });
  count('p2pLink', 2);
}

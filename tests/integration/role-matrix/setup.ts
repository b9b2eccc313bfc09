/** The role matrix's stack: device timings short enough for a matrix of starts, stops and reboots, and every role's world made once. */
import { catalogue, GLOBAL_SCOPE_ROLES, type Role } from '@fleet/contracts';
import { eventually, FAST_TIMINGS, type TestStack } from '../../support/stack.js';
import { SHARED } from './refs.js';
import { HIDDEN } from './scope.js';
import { matrixRootFolder, RoleWorld } from './world.js';

/** Device timings short enough for a matrix of starts, stops and reboots. */
export const TIMINGS = {
  ...FAST_TIMINGS,
  // Telemetry once a second: no row reads it faster, and 40 devices at 10 Hz would slow every request.
  telemetryIntervalMs: 1000,
  // Starts and stops pass through connecting / disconnecting quickly: rows wait for them.
  streamStartMs: [10, 20],
  streamStopMs: [10, 20],
  rebootMs: [100, 150],
  linkToggleMs: [60, 100],
  networkScanMs: [100, 150],
  operatorSwitchMs: [60, 100],
  speedTestMs: 200,
  settingApplyMs: [60, 100],
  // Links drop only when a row asks: a spontaneous drop of one of the unit's two modems made the
  // cellular scan's row answer CELLULAR_SCAN_ONE_MODEM now and then (the rule is right, the row's
  // unit was not the healthy one it assumes).
  spontaneousLinkEvents: false,
} as const;

/** Set up every role's world, the objects outside the non-global users' scope, and wait for the units to be idle. */
export async function createWorlds(s: TestStack, roles: readonly Role[]): Promise<Map<Role, RoleWorld>> {
  const db = s.app.services.db;
  // The observer is a super user of its own: the row of a role that changes its own password ends
  // that user's other sessions, and the observer must outlive every row.
  const su = await db.user.findUniqueOrThrow({ where: { id: 'usr-super_user' } });
  await db.user.create({
    data: {
      id: 'usr-matrix-observer',
      username: 'matrix-observer',
      passwordHash: su.passwordHash,
      firstName: 'Matrix',
      lastName: 'Observer',
      userType: su.userType,
      roles: JSON.parse(JSON.stringify(su.roles)) as string[],
      organisationId: su.organisationId,
    },
  });
  const observer = await s.login('matrix-observer');
  const worlds = new Map<Role, RoleWorld>();
  for (const [i, role] of roles.entries()) {
    const w = new RoleWorld(s, role, observer);
    await w.create(i + 1);
    worlds.set(role, w);
  }
  // The non-global admins own a second inventory: adding a unit to an inventory needs one of
  // theirs the unit is not in yet (the seeded admins own only the shared inventory).
  for (const role of roles.filter((r) => catalogue.addAdminUnitInventory.roles.includes(r) && !GLOBAL_SCOPE_ROLES.includes(r))) {
    await db.userInventory.create({ data: { userId: `usr-${role}`, inventoryId: SHARED.extraInventory } });
  }
  // A CDN destination (the seeded one is social media) for the CDN forwarding rows.
  await db.streamingDestination.create({
    data: {
      id: 'std-matrix-cdn',
      name: 'Matrix-CDN',
      provider: 'Akamai',
      inventoryId: SHARED.inventory,
      urlPrimary: 'rtmp://cdn.example.net/live',
      streamType: 'rtmp',
    },
  });
  // Metro-TV objects of the kinds that have no seeded instance there.
  await db.channelFile.create({
    data: {
      id: HIDDEN.channelFile,
      channelId: HIDDEN.channel,
      fileName: HIDDEN.channelFilePath.split('/').pop()!,
      rootDirectory: '/storage/received',
      sizeBytes: BigInt(8_000_000),
      metadata: { lengthSec: 60 },
    },
  });
  await db.story.create({ data: { id: HIDDEN.story, inventoryId: HIDDEN.inventory, slugline: 'Metro story' } });
  await db.user.create({
    data: { id: HIDDEN.user, username: 'metro-user', passwordHash: '', firstName: 'Metro', lastName: 'User', userType: 'luc_regular', roles: ['luc_regular'] },
  });
  await db.userInventory.create({ data: { userId: HIDDEN.user, inventoryId: HIDDEN.inventory } });
  await db.remoteAction.create({ data: { id: HIDDEN.remoteAction, deviceType: 'unit', deviceId: HIDDEN.unit, action: 'reboot', status: 'done' } });
  await db.softwareVersion.create({ data: { id: HIDDEN.softwareVersion, number: '3.9', inventories: { create: [{ inventoryId: HIDDEN.inventory }] } } });
  await db.upgradeJob.create({
    data: { id: HIDDEN.upgradeJob, deviceType: 'unit', deviceId: HIDDEN.unit, fromVersion: '10.0', targetVersion: '10.1', state: 'succeeded', progress: 100 },
  });
  await db.upgradeBatch.create({ data: { id: 'ubt-matrix', name: 'Matrix batch', targetVersion: '10.1' } });
  await db.p2pLink.create({ data: { id: HIDDEN.p2pLink, name: 'Metro-Link', kind: 'ptp', masterUnitId: HIDDEN.unit, machines: [{ uid: HIDDEN.smartUnit }] } });
  await db.usageProfile.create({
    data: { id: HIDDEN.usageProfile, name: 'Metro-Matrix-Usage', type: 'hours', quotaPerMonth: 10, resetDay: 1, inventoryId: HIDDEN.inventory },
  });
  // A Metro-TV publisher (its key is the one the subscriber examples name: a key of another organisation is valid), folder and subscriber.
  await db.publisher.create({
    data: { id: HIDDEN.publisher, name: 'Metro-Publisher', shareKey: 'MATRIXSHAREKEY', groupId: HIDDEN.group, inventoryId: HIDDEN.inventory },
  });
  await db.shareLink.create({
    data: {
      id: HIDDEN.shareLink,
      token: HIDDEN.shareLink,
      publisherId: HIDDEN.publisher,
      description: 'Metro',
      startTime: new Date(Date.now() + 86_400_000),
      durationMinutes: 60,
      endTime: new Date(Date.now() + 90_000_000),
    },
  });
  const metroRoot = await matrixRootFolder(db, HIDDEN.inventory);
  await db.subscriberFolder.create({ data: { id: HIDDEN.subscriberFolder, name: 'Metro-Folder', parentId: metroRoot, inventoryId: HIDDEN.inventory } });
  await db.subscriber.create({
    data: { id: HIDDEN.subscriber, name: 'Metro-Subscriber', shareKey: 'MATRIXSHAREKEY', folderId: metroRoot, inventoryId: HIDDEN.inventory },
  });
  await db.invitation.create({
    data: {
      id: HIDDEN.invitation,
      groupId: HIDDEN.group,
      planType: 'ADHOC',
      period: '1d',
      code: 'MXHIDDEN',
      deviceName: 'Metro-Guest',
      email: 'metro@example.com',
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // Every unit online and idle, its camera connected (the simulator leaves a few without one).
  for (const w of worlds.values()) {
    await eventually(async () => s.sim?.device(w.refs.unit)?.online === true, 10_000);
    s.sim?.inject({ unitId: w.refs.unit, fault: { type: 'camera', connected: true } });
  }
  await Promise.all([...worlds.values()].map((w) => w.idle()));
  await eventually(async () => s.sim?.device(HIDDEN.unit)?.online === true, 10_000);
  return worlds;
}

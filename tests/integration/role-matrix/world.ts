/**
 * Each role's world: the objects of its own the matrix creates once (a unit with a simulated device, a
 * hub and channel, files, stories, an invitation), and the device states a row needs before it runs.
 */
import { catalogue, ROLES, SERVICES, type Role, type UnitApplicationKey, type UnitDetail, type UnitFault } from '@fleet/contracts';
import { type Refs, type World } from '../../support/catalogue-examples.js';
import { devicesSettled, eventually, type TestStack } from '../../support/stack.js';
import { streamSettingIds } from '../../support/examples/stream-setting-ids.js';
import { JOIN_GROUP, JOIN_KEY, refsOf, slug } from './refs.js';

// ── each role's world ──────────────────────────────────────────────────────────────────────────

/** Roles take turns on rows every role shares (examples marked `exclusive`). */
export class Turns {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await prev;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

export class RoleWorld implements World {
  readonly refs: Refs;
  constructor(
    private readonly s: TestStack,
    readonly role: Role,
    private readonly observer: string,
  ) {
    this.refs = refsOf(role);
  }

  private get db() {
    return this.s.app.services.db;
  }

  /** The unit's live status and activities, as the core answers them. */
  private async live(): Promise<Pick<UnitDetail, 'status' | 'applications'>> {
    const res = await this.s.app.inject({ method: 'GET', url: `/api/v2/units/${this.refs.unit}`, headers: { cookie: this.observer } });
    const d = res.json() as UnitDetail;
    return { status: d.status, applications: d.applications };
  }

  private inject(fault: UnitFault): void {
    const r = this.s.sim?.inject({ unitId: this.refs.unit, fault });
    if (!r?.applied || r.error) throw new Error(`simulator control ${JSON.stringify(fault)} on ${this.refs.unit}: ${JSON.stringify(r)}`);
  }

  /** Whether a request since the last idle() may have changed the unit's device state. */
  unsettled = true;

  async idle(): Promise<void> {
    if (!this.unsettled) return;
    let lastStop = 0;
    let seen: unknown;
    await eventually(async () => {
      const { status, applications } = await this.live();
      const device = this.s.sim?.device(this.refs.unit);
      seen = { status, applications, device: { online: device?.online, applications: device?.applications } };
      const running = Object.entries(applications).filter(([, a]) => a && a.state !== 'disconnecting' && a.state !== 'stopping');
      // The core's view and the device's own agree (a report on its way would change the first).
      const deviceIdle = device?.online === true && Object.keys(device.applications).length === 0;
      if (status === 'idle' && Object.keys(applications).length === 0 && deviceIdle) return true;
      if (status === 'offline') this.inject({ type: 'power', on: true });
      else if (running.length > 0 && Date.now() - lastStop > 200) {
        // Stop what runs (a start left by an earlier row) through the simulator control.
        for (const [app] of running) this.inject({ type: 'app', app: app as UnitApplicationKey, start: false });
        lastStop = Date.now();
      }
      return false;
    }, 10_000).catch((e: unknown) => {
      throw new Error(`${this.refs.unit} not idle: ${JSON.stringify(seen)}`, { cause: e });
    });
    this.unsettled = false;
  }

  /**
   * Every enabled modem of the unit connected, as the core reports it. A link an earlier row left off
   * the air stays so until a command brings it back (a Wi-Fi network left, a scan refused by the
   * scan fault): it is brought back through the simulator control, as `idle` powers the unit on.
   */
  async linksUp(): Promise<void> {
    await this.idle();
    let seen: unknown;
    let lastRecover = 0;
    await eventually(async () => {
      const res = await this.s.app.inject({ method: 'GET', url: `/api/v2/units/${this.refs.unit}`, headers: { cookie: this.observer } });
      const modems = (res.json() as UnitDetail).modems.filter((m) => m.enabled);
      const links = this.s.sim?.device(this.refs.unit)?.links ?? [];
      seen = {
        core: modems.map((m) => ({ id: m.id, port: m.port, connected: m.connected })),
        device: links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.connected, failed: l.failed })),
      };
      const down = modems.filter((m) => !m.connected);
      if (modems.length >= 2 && down.length === 0) return true;
      // Once the core has had a telemetry report (every second) since the last recovery.
      if (Date.now() - lastRecover > 1500) {
        for (const m of down) this.inject({ type: 'modemRecover', modem: m.port });
        lastRecover = Date.now();
      }
      return false;
    }, 10_000).catch((e: unknown) => {
      throw new Error(`${this.refs.unit}: its enabled modems not all connected: ${JSON.stringify(seen)}`, { cause: e });
    });
  }

  async running(app: UnitApplicationKey): Promise<void> {
    await this.idle();
    this.unsettled = true;
    this.inject({ type: 'app', app, start: true });
    await eventually(async () => (await this.live()).applications[app]?.state === 'running', 10_000);
  }

  async storyVersion(id: string): Promise<number> {
    return (await this.db.story.findUnique({ where: { id }, select: { version: true } }))?.version ?? 0;
  }

  async storyIntegrationVersion(inventoryId: string): Promise<number> {
    return (await this.db.storyIntegration.findUnique({ where: { inventoryId }, select: { version: true } }))?.version ?? 0;
  }

  async groupVersion(id: string): Promise<number> {
    return (await this.db.group.findUnique({ where: { id }, select: { version: true } }))?.version ?? 0;
  }

  async joinCode(): Promise<string> {
    const permanent = { mode: 'PERMANENT', key: JOIN_KEY, regeneration: 'never', keyCreatedAt: new Date().toISOString() };
    const group = await this.db.group.findUniqueOrThrow({ where: { id: JOIN_GROUP }, select: { invitation: true } });
    const held = (group.invitation ?? {}) as { permanent?: { key?: string } };
    if (held.permanent?.key !== JOIN_KEY)
      await this.db.group.update({ where: { id: JOIN_GROUP }, data: { invitation: { ...(group.invitation as object), permanent } } });
    return JOIN_KEY;
  }

  async groupAlertsVersion(groupId: string): Promise<number> {
    return (await this.db.alertConfiguration.findUnique({ where: { groupId }, select: { version: true } }))?.version ?? 0;
  }

  async unitInInventory(inventoryId: string, member: boolean): Promise<void> {
    const unitId = this.refs.unit;
    if (member) {
      await this.db.unitInventory.upsert({ where: { unitId_inventoryId: { unitId, inventoryId } }, create: { unitId, inventoryId }, update: {} });
    } else {
      const groups = await this.db.group.findMany({ where: { inventoryId }, select: { id: true } });
      await this.db.unitGroup.deleteMany({ where: { unitId, groupId: { in: groups.map((g) => g.id) } } });
      await this.db.unitInventory.deleteMany({ where: { unitId, inventoryId } });
    }
    await this.s.app.services.units.refreshUnit(unitId);
  }

  async unitInGroup(groupId: string, member: boolean): Promise<void> {
    const unitId = this.refs.unit;
    if (member) await this.db.unitGroup.upsert({ where: { unitId_groupId: { unitId, groupId } }, create: { unitId, groupId }, update: {} });
    else await this.db.unitGroup.deleteMany({ where: { unitId, groupId } });
    await this.s.app.services.units.refreshUnit(unitId);
  }

  async storyHasUnit(storyId: string, unitId: string, assigned: boolean): Promise<void> {
    if (assigned) await this.db.storyUnit.upsert({ where: { storyId_unitId: { storyId, unitId } }, create: { storyId, unitId }, update: {} });
    else await this.db.storyUnit.deleteMany({ where: { storyId, unitId } });
  }

  async unitHasService(serviceName: string): Promise<void> {
    const unitId = this.refs.unit;
    const id = `svc-${unitId}-${serviceName}`;
    await this.db.service.upsert({
      where: { id },
      create: { id, unitId, serviceName, serviceStatus: 'enabled', usageKind: 'na' },
      update: { serviceStatus: 'enabled' },
    });
  }

  async channelFilePlaying(id: string, playing: boolean): Promise<void> {
    await this.db.channelFile.update({ where: { id }, data: { broadcasting: playing } });
  }

  async logsChannelFree(): Promise<void> {
    await this.channelFree(this.refs.logsChannel);
  }

  /** The channel's server powered on and the channel idle (through the simulator control). */
  async channelFree(channelId: string): Promise<void> {
    const server = await this.db.channel.findUniqueOrThrow({ where: { id: channelId }, select: { serverId: true } });
    const on = this.s.sim?.inject({ serverId: server.serverId, fault: { type: 'serverPower', on: true } });
    if (!on?.applied || on.error) throw new Error(`simulator control: ${server.serverId} on: ${JSON.stringify(on)}`);
    const r = this.s.sim?.inject({ serverId: server.serverId, fault: { type: 'channelStatus', channelId, status: 'idle' } });
    if (!r?.applied || r.error) throw new Error(`simulator control: ${channelId} idle: ${JSON.stringify(r)}`);
    await devicesSettled(this.s.app);
    await eventually(async () => (await this.db.channel.findUniqueOrThrow({ where: { id: channelId }, select: { status: true } })).status === 'idle', 10_000);
  }

  async serverOnline(serverId: string): Promise<void> {
    const r = this.s.sim?.inject({ serverId, fault: { type: 'serverPower', on: true } });
    if (!r?.applied || r.error) throw new Error(`simulator control: ${serverId} on: ${JSON.stringify(r)}`);
    await eventually(async () => (await this.db.server.findUniqueOrThrow({ where: { id: serverId }, select: { status: true } })).status === 'online', 10_000);
    // Its channels report back after the server itself: the next role's calls on them (a channel
    // file played out) need them up again, not only the server.
    await eventually(
      async () =>
        (await this.db.channel.findMany({ where: { serverId }, select: { status: true } })).every((c) => c.status !== 'offline' && c.status !== 'unavailable'),
      10_000,
    );
  }

  async streamingDestination(channelId: string, id: string): Promise<void> {
    const data = { channelId, name: id, provider: `matrix-${id}`, streamType: 'backup', urlPrimary: 'rtmp://cdn.example.com/live', streamId: id };
    await this.db.streamingDestination.upsert({ where: { id }, create: { id, ...data }, update: data });
  }

  private offlineSeen = 0;
  private offlineChanges(): Promise<number> {
    return this.db.unitStatusChange.count({ where: { unitId: this.refs.unit, to: 'offline' } });
  }

  async beforeRestart(): Promise<void> {
    await this.idle();
    this.offlineSeen = await this.offlineChanges();
  }

  async restarted(): Promise<void> {
    await eventually(async () => (await this.offlineChanges()) > this.offlineSeen, 10_000);
    this.unsettled = true;
    await this.idle();
  }

  /** Everything the role's rows act on, created through storage (and the core told of new units). */
  async create(serial: number): Promise<void> {
    const r = this.refs;
    const db = this.db;
    const units = [
      r.unit,
      ...(catalogue.deleteAdminUnit.roles.includes(this.role) ? [r.spareUnit, r.deregisterUnit] : []),
      ...(catalogue.startUnitUpgrade.roles.includes(this.role) ? [r.upgradeUnit] : []),
    ];
    for (const [i, id] of units.entries()) {
      await db.unit.create({
        data: {
          id,
          name: id.replace(/^MATRIX-/, 'Matrix-'),
          productType: 'LU800',
          typeGroup: 'fieldUnits',
          swVersion: '10.1',
          serialNumber: `MATRIX${String(serial * 10 + i).padStart(6, '0')}`,
          license: { valid: true, kind: 'days', pro: true, fourK: true, raHours: 100, rlHours: 100 },
          capabilities: { sdCard: true, multiCamera: true, videoReturn: true, databridge: true, intercom: true, ipPipe: true, speedTest: true, hevc: true },
          services: SERVICES.map((serviceName) => ({ serviceName, serviceStatus: 'enabled' })),
          multiCameraLabels: ['CAM-1', 'CAM-2'],
          configuration: { unitUniqueId: id, delay: 3000, bandwidth: { cellular: null, total: null } },
        },
      });
      await db.unitInventory.create({ data: { unitId: id, inventoryId: r.inventory } });
      await db.unitGroup.create({ data: { unitId: id, groupId: r.group } });
      // Every licence the unit-level calls check (multi camera, video return, databridge, ...).
      await db.service.createMany({
        data: SERVICES.map((serviceName) => ({ id: `svc-${id}-${serviceName}`, unitId: id, serviceName, serviceStatus: 'enabled' })),
      });
    }
    // A hub of the role's own (online, simulated like every server; no other role's stream or
    // switcher makes its channels busy), four channels on it: the first one the role's unit streams
    // to, files received on the fourth, which no unit streams to.
    await db.server.create({
      data: { id: r.server, name: r.server, serverType: 'mmh_server', serial: `${r.server}-SN`, status: 'online', swVersion: '10.1', inventoryId: r.inventory },
    });
    for (const channelId of [r.channel, r.proxyChannel, r.spareChannel, r.fileChannel]) {
      await db.channel.create({ data: { id: channelId, name: channelId, serverId: r.server, status: 'idle', type: 'preview', swVersion: '10.1' } });
      await db.channelInventory.create({ data: { channelId, inventoryId: r.inventory } });
      await db.groupChannel.create({ data: { groupId: r.group, channelId } });
    }
    const received = (id: string, fileName: string) => ({
      id,
      channelId: r.fileChannel,
      unitId: r.unit,
      fileName,
      luName: r.unit,
      luAlias: r.unit,
      mmhId: r.server,
      mmhName: r.server,
      sizeBytes: BigInt(8_000_000),
      lastModified: new Date(),
      rootDirectory: '/storage/received',
      metadata: { lengthSec: 60, resolution: '1920x1080', codec: 'h264' },
    });
    await db.channelFile.createMany({
      data: [
        received(r.channelFile, r.channelFilePath.split('/').pop()!),
        received(r.renameFile, `matrix-${slug(this.role)}-rename.mp4`),
        received(r.removeFile, `matrix-${slug(this.role)}-remove.mp4`),
      ],
    });
    // Recorded files on the unit's storage (store and forward).
    for (const path of [r.recordedPath, r.deletePath]) {
      const fileName = path.split('/').pop()!;
      await db.file.create({
        data: { unitId: r.unit, kind: 'recorded', fileName, path, rootDirectory: '/media/sd', sizeBytes: BigInt(4_000_000), lastModified: new Date() },
      });
    }
    await db.unit.update({ where: { id: r.unit }, data: { selectedChannelId: r.channel, databridgeGatewayId: r.gateway } });
    await db.story.createMany({
      data: [
        { id: r.story, inventoryId: r.inventory, slugline: `Matrix ${this.role}`, createdById: `usr-${this.role}` },
        { id: r.deleteStory, inventoryId: r.inventory, slugline: `Matrix ${this.role} delete`, createdById: `usr-${this.role}` },
      ],
    });
    await db.invitation.create({
      data: {
        id: r.invitation,
        groupId: r.group,
        planType: 'ADHOC',
        period: '1d',
        code: `MX${String(serial).padStart(6, '0')}`,
        deviceName: `Matrix-Invite-${this.role}`,
        email: 'guest@example.com',
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    // A video return channel only the admin delete acts on; point-to-point links of the role's unit.
    if (catalogue.deleteAdminVrChannel.roles.includes(this.role)) {
      await db.videoReturnChannel.create({ data: { id: r.deleteVrChannel, name: r.deleteVrChannel, status: 'idle' } });
      await db.vrChannelInventory.create({ data: { vrChannelId: r.deleteVrChannel, inventoryId: r.inventory } });
    }
    // Empty groups of the role's own: one edited, one deleted by the admin call, one by remove_multiple.
    await db.group.createMany({ data: [r.ownGroup, r.deleteGroup, r.removeGroup].map((id) => ({ id, name: id, inventoryId: r.inventory })) });
    // Inventories of the role's own under the shared one: one the admin calls edit, one only the admin delete acts on.
    if (catalogue.deleteAdminInventory.roles.includes(this.role)) {
      for (const id of [r.adminInventory, r.deleteInventory]) {
        // The admin inventory offers a smart_plan trial, which the trial start example starts.
        const managedServices = id === r.adminInventory ? { smart_plan: { status: 'disabled', trialState: 'enabledTrial' } } : {};
        await db.inventory.create({ data: { id, name: `Matrix-${id}`, parentId: r.inventory, managedServices } });
        await db.userInventory.create({ data: { userId: `usr-${this.role}`, inventoryId: id } });
      }
    }
    for (const id of [r.p2pLink, r.deleteP2pLink]) {
      await db.p2pLink.create({ data: { id, name: id, kind: 'ptp', masterUnitId: r.unit, machines: [{ uid: r.smartUnit }] } });
    }
    // Audio rooms of the role's own (one edited, one deleted); graphics compositions: one with a
    // job whose status is read, one opened in the app only the app delete acts on.
    if (catalogue.getAudioRoom.roles.includes(this.role)) {
      await db.audioRoom.createMany({ data: [r.audioRoom, r.deleteAudioRoom].map((id) => ({ id, name: id, inventoryId: r.inventory })) });
    }
    // Shares of the role's own: publishers of its group (one with a share link), folders under the shared inventory's root, subscribers.
    if (catalogue.listPublishers.roles.includes(this.role)) {
      await db.publisher.createMany({
        data: [r.publisher, r.deletePublisher].map((id) => ({ id, name: id.slice(0, 32), shareKey: `MX-${id}`, groupId: r.group, inventoryId: r.inventory })),
      });
      const start = new Date(Date.now() + 86_400_000);
      await db.shareLink.create({
        data: {
          id: r.shareLink,
          token: r.shareLink,
          publisherId: r.publisher,
          description: 'Matrix',
          startTime: start,
          durationMinutes: 60,
          endTime: new Date(start.getTime() + 3_600_000),
        },
      });
      const root = await matrixRootFolder(db, r.inventory);
      await db.subscriberFolder.createMany({
        data: [r.subscriberFolder, r.deleteSubscriberFolder].map((id) => ({ id, name: id.slice(0, 32), parentId: root, inventoryId: r.inventory })),
      });
      await db.subscriber.createMany({
        data: [r.subscriber, r.deleteSubscriber].map((id) => ({
          id,
          name: id.slice(0, 32),
          shareKey: `MX-${r.publisher}`,
          folderId: root,
          inventoryId: r.inventory,
        })),
      });
    }
    // Admin console rows of the role's own: what's new entries, system messages and active support accesses on its unit.
    if (catalogue.listAdminWhatsNew.roles.includes(this.role)) {
      await db.whatsNew.createMany({ data: [r.whatsNew, r.deleteWhatsNew].map((id) => ({ id, title: id })) });
      const expireDate = new Date(Date.now() + 86_400_000 * 7);
      await db.notification.createMany({
        data: [r.systemMessage, r.deleteSystemMessage].map((id) => ({ id, message: id, inventoryId: r.inventory, expireDate })),
      });
      const expiresAt = new Date(Date.now() + 8 * 3_600_000);
      await db.accessApproval.createMany({
        data: [r.accessApproval, r.revokeAccessApproval].map((id) => ({ id, deviceType: 'unit', deviceId: r.unit, expiresAt })),
      });
    }
    // Servers and databridge gateways of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateAdminServer.roles.includes(this.role)) {
      await db.server.createMany({
        data: [r.adminServer, r.deleteAdminServer].map((id) => ({
          id,
          name: id,
          serial: id.toUpperCase(),
          serverType: 'ingest_server',
          swVersion: '10.1',
          inventoryId: r.inventory,
        })),
      });
      await db.databridgeGateway.createMany({ data: [r.dbGateway, r.deleteDbGateway].map((id) => ({ id, name: id, host: 'gw.matrix.test', port: 8443 })) });
    }
    // Stream and geocoding settings of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateStreamProvider.roles.includes(this.role)) {
      const ids = streamSettingIds(this.role);
      await db.streamProvider.createMany({ data: [ids.provider, ids.deleteProvider].map((id) => ({ id, name: id, kind: 'rtmp' })) });
      await db.streamProfile.createMany({ data: [ids.profile, ids.deleteProfile].map((id) => ({ id, name: id, providerId: ids.provider })) });
      await db.streamMediaProfile.createMany({
        data: [ids.mediaProfile, ids.deleteMediaProfile].map((id) => ({ id, name: id, minResolution: 480, maxResolution: 720, fps: 30, bitrate: 2000 })),
      });
      await db.geocodingProfile.createMany({
        data: [ids.geocodingProfile, ids.deleteGeocodingProfile].map((id) => ({ id, name: id, geocoders: ['osm'], accuracies: [10] })),
      });
    }
    // Platform settings rows of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateOrganisation.roles.includes(this.role)) {
      await db.organisation.createMany({ data: [r.organisation, r.deleteOrganisation].map((id) => ({ id, name: id })) });
      await db.organisationInventory.create({ data: { organisationId: r.organisation, inventoryId: r.inventory } });
      await db.clientApplication.createMany({ data: [r.clientApplication, r.deleteClientApplication].map((id) => ({ id, name: id, clientId: id })) });
      await db.modemVendor.createMany({ data: [r.modemVendor, r.deleteModemVendor].map((id) => ({ id, name: id })) });
      await db.aiCredential.createMany({ data: [r.aiCredential, r.deleteAiCredential].map((id) => ({ id, name: id, provider: 'openai' })) });
      await db.applicationConfiguration.createMany({ data: [r.appConfiguration, r.deleteAppConfiguration].map((id) => ({ id, key: id, value: {} })) });
    }
    // Usage profiles of the role's own (one edited, one deleted: no units on it).
    if (catalogue.updateUsageProfile.roles.includes(this.role)) {
      await db.usageProfile.createMany({
        data: [r.usageProfile, r.deleteUsageProfile].map((id) => ({ id, name: id, type: 'data', quotaPerMonth: 10, resetDay: 1, inventoryId: r.inventory })),
      });
    }
    const job = { jobId: `job-matrix-${slug(this.role)}`, appId: `app-matrix-${slug(this.role)}-jobs`, createdAt: new Date().toISOString() };
    await db.graphicsComposition.create({
      data: {
        id: `gfx-matrix-${slug(this.role)}-jobs`,
        inventoryId: r.inventory,
        name: 'Matrix-Jobs',
        template: 'scoreboard',
        appId: job.appId,
        data: { jobs: [job] },
      },
    });
    await db.graphicsComposition.create({
      data: { id: `gfx-matrix-${slug(this.role)}`, inventoryId: r.inventory, name: 'Matrix-Delete', template: 'scoreboard', appId: r.graphicsApp },
    });
    // The role's user may activate unit licences (spec 001 §6 grantable permission).
    await db.user.update({ where: { id: `usr-${this.role}` }, data: { permissions: { unitLicenseActivation: true } } });
    // Users of the shared inventory the role manages (the /users screen): one edited, one deleted.
    for (const id of [r.user, r.deleteUser]) {
      await db.user.create({
        data: {
          id,
          username: id,
          passwordHash: '',
          email: `${id}@example.com`,
          firstName: 'Matrix',
          lastName: 'User',
          userType: 'luc_regular',
          roles: ['luc_regular'],
        },
      });
      await db.userInventory.create({ data: { userId: id, inventoryId: r.inventory } });
    }
    await db.remoteAction.create({
      data: { id: r.remoteAction, deviceType: 'unit', deviceId: r.unit, action: 'reboot', status: 'done', requestedById: `usr-${this.role}` },
    });
    // Software versions of the role's own, available to the shared inventory: one edited, assigned and withdrawn, one only the delete acts on (numbers 4.<role index>[.1]).
    for (const [id, number] of [
      [r.softwareVersion, `4.${ROLES.indexOf(this.role)}`],
      [r.deleteSoftwareVersion, `4.${ROLES.indexOf(this.role)}.1`],
    ] as const) {
      await db.softwareVersion.create({ data: { id, number, inventories: { create: [{ inventoryId: r.inventory }] } } });
    }
    // A finished upgrade of the role's unit; a hub without channels only the server upgrade start acts on (its reboot disturbs no other row).
    await db.upgradeJob.create({
      data: { id: r.upgradeJob, deviceType: 'unit', deviceId: r.unit, fromVersion: '10.0', targetVersion: '10.1', state: 'succeeded', progress: 100 },
    });
    if (catalogue.startServerUpgrade.roles.includes(this.role)) {
      await db.server.create({
        data: {
          id: r.upgradeServer,
          name: r.upgradeServer,
          serverType: 'mmh_server',
          serial: `${r.upgradeServer}-SN`,
          status: 'online',
          swVersion: '10.1',
          inventoryId: r.inventory,
        },
      });
    }
    for (const id of units) await this.s.app.services.units.refreshUnit(id);
  }
}

/** The inventory's root subscriber folder (the seed's, or one made here). */

export async function matrixRootFolder(db: TestStack['app']['services']['db'], inventoryId: string): Promise<string> {
  const root = await db.subscriberFolder.findFirst({ where: { inventoryId, isRoot: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return root?.id ?? (await db.subscriberFolder.create({ data: { name: 'Root', isRoot: true, inventoryId } })).id;
}

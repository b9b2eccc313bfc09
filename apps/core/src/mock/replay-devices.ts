/** The devices an events-only recording mentions, created on this core before a replay (replays.ts). */
import type { ServiceDeps } from '../modules/deps.js';
import type { UnitService } from '../modules/units/units.js';
import type { MentionedDevices } from './replay-entries.js';

/**
 * Create the units, servers, channels and video return channels the recording mentions and this
 * core lacks, with the recorded names and types (sensible defaults otherwise), in the first group
 * (and its inventory) of the seed: their reports then have somewhere to land.
 */
export async function createMentionedDevices(
  deps: Pick<ServiceDeps, 'db' | 'readModel'>,
  units: Pick<UnitService, 'refreshUnit'>,
  m: MentionedDevices,
): Promise<void> {
  const { db, readModel: rm } = deps;
  const group = rm.groups.all()[0];
  const inventoryId = group?.inventoryId ?? rm.inventories.all()[0]?.id ?? null;
  const takenUnitNames = new Set(rm.units.all().map((u) => u.name));
  for (const [unitId, recorded] of m.units) {
    if (rm.units.get(unitId)) continue;
    let name = recorded?.name || unitId;
    if (takenUnitNames.has(name)) name = unitId;
    takenUnitNames.add(name);
    await db.unit.create({
      data: {
        id: unitId,
        name,
        productType: recorded?.productType ?? 'LU800',
        typeGroup: recorded?.typeGroup ?? 'fieldUnits',
        swVersion: recorded?.swVersion ?? '8.5',
        serialNumber: `REPLAY-${unitId}`,
        license: { valid: true, kind: 'days', pro: true, fourK: false, raHours: null, rlHours: null },
        capabilities: {},
        services: [],
        configuration: { unitUniqueId: unitId },
      },
    });
    if (inventoryId) await db.unitInventory.create({ data: { unitId, inventoryId } });
    if (group) await db.unitGroup.create({ data: { unitId, groupId: group.id } });
    await units.refreshUnit(unitId);
  }
  const takenServerNames = new Set(rm.servers.all().map((s) => s.name));
  const takenVrNames = new Set(rm.vrChannels.all().map((v) => v.name));
  for (const s of m.servers.values()) {
    if (!rm.servers.get(s.serverId)) {
      let name = s.name || s.serverId;
      if (takenServerNames.has(name)) name = s.serverId;
      takenServerNames.add(name);
      await db.server.create({
        data: {
          id: s.serverId,
          name,
          serverType: s.serverType ?? 'mmh_server',
          serial: `REPLAY-${s.serverId}`,
          swVersion: '8.5',
          inventoryId,
          status: 'offline',
          maxChannels: s.channels.size,
        },
      });
    }
    const serverType = rm.servers.get(s.serverId)?.serverType ?? s.serverType ?? 'mmh_server';
    for (const [channelId, channelName] of s.channels) {
      if (rm.channels.get(channelId)) continue;
      await db.channel.create({
        data: {
          id: channelId,
          name: channelName || channelId,
          serverId: s.serverId,
          status: 'offline',
          type: 'preview',
          serverProductType: serverType,
          inventories: { create: inventoryId ? [{ inventoryId }] : [] },
          groups: { create: group ? [{ groupId: group.id }] : [] },
        },
      });
    }
    for (const [vrChannelId, vrName] of s.vrChannels) {
      if (rm.vrChannels.get(vrChannelId)) continue;
      let name = vrName || vrChannelId;
      if (takenVrNames.has(name)) name = vrChannelId;
      takenVrNames.add(name);
      await db.videoReturnChannel.create({
        data: { id: vrChannelId, name, serverId: s.serverId, inventories: { create: inventoryId ? [{ inventoryId }] : [] } },
      });
    }
  }
  // The servers' service re-sends the servers to the shards on the next turn of the loop.
  await new Promise((resolve) => setImmediate(resolve));
}

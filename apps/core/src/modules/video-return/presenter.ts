/** Video return channel rows as the contract's answers (spec 001 §3 video return channels). */
import { VR_CHANNEL_STATUSES, VR_INPUT_TYPES, VrChannelStatus, type VrChannelCounters, type VrChannelDetail } from '@fleet/contracts';
import { jsonObject, parseOr } from '../../platform/storage/json-column.js';
import type { VrChannelRecord } from '../../platform/storage/read-model.js';
import { compareText } from '../../platform/order.js';

export type VrInputType = (typeof VR_INPUT_TYPES)[number];
export type VrConfiguration = VrChannelDetail['configuration'];

/** A channel as its detail answers, with the name of the server it sits on (null when none or unknown). */
export function presentVrChannel(r: VrChannelRecord, serverName: string | null): VrChannelDetail {
  return {
    uniqueId: r.id,
    name: r.name,
    description: r.description,
    status: parseOr(VrChannelStatus, r.status, 'offline'),
    uptime: r.uptime,
    serialNumber: r.serialNumber,
    inputStandard: r.inputStandard,
    inputParameters: jsonObject.read(r.inputParameters),
    p2MPStreamingStatuses: jsonObjectList(r.p2MPStreamingStatuses),
    urlData: jsonObject.read(r.urlData),
    serverId: r.serverId,
    serverName,
    configuration: configurationOf(r),
    inventoryIds: r.inventories.map((i) => i.inventoryId).sort(compareText),
    groupIds: r.groups.map((g) => g.groupId).sort(compareText),
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function configurationOf(r: VrChannelRecord): VrConfiguration {
  return {
    inputType: (VR_INPUT_TYPES as readonly string[]).includes(r.inputType) ? (r.inputType as VrInputType) : 'disabled',
    url: r.url,
    passphrase: r.passphrase,
    destinationPort: r.destinationPort,
    latency: r.latency,
  };
}

/** Input types a channel offers: disabled always; SDI and SRT unless its capabilities say otherwise. */
export function inputTypesOf(r: VrChannelRecord): VrInputType[] {
  const caps = jsonObject.read(r.capabilities);
  return VR_INPUT_TYPES.filter((t) => t === 'disabled' || caps[t] !== false);
}

function jsonObjectList(stored: unknown): Array<ReturnType<typeof jsonObject.read>> {
  if (!Array.isArray(stored)) return [];
  return stored.map((x) => jsonObject.read(x)).filter((x) => Object.keys(x).length > 0);
}

export function countByStatus(items: readonly VrChannelDetail[]): VrChannelCounters {
  const counters: VrChannelCounters = { total: items.length, idle: 0, inputConnected: 0, collecting: 0, offline: 0, connecting: 0 };
  for (const v of items) if ((VR_CHANNEL_STATUSES as readonly string[]).includes(v.status)) counters[v.status] += 1;
  return counters;
}

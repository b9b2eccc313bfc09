/**
 * Pure helpers of the channel's own reads (spec 001 §3 Channel live state, §7 Channels, §9 STUN/TURN
 * caching): what the Details tab, the multipoint receivers and the inventory outputs panel show.
 */
import type { ChannelDetails, ChannelPtmp, StunTurnInfo } from '@fleet/contracts';

/** Spec 001 §7: calls that name channels by id take at most this many a request. */
export const IDS_PER_REQUEST = 100;

/** Ids in requests of at most `size` (duplicates and blanks dropped, order kept). */
export function idBatches(ids: readonly string[], size = IDS_PER_REQUEST): string[][] {
  const unique = [...new Set(ids.filter((id) => id.trim() !== ''))];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += size) batches.push(unique.slice(i, i + size));
  return batches;
}

/** One address of GET channels/{id}/ips as text (the server stores them as it reports them). */
export function addressText(ip: unknown): string {
  if (typeof ip === 'string') return ip;
  if (typeof ip === 'number' || typeof ip === 'boolean') return String(ip);
  if (ip !== null && typeof ip === 'object') {
    const record = ip as Record<string, unknown>;
    for (const key of ['ip', 'address', 'addr']) {
      const value = record[key];
      if (typeof value === 'string') return typeof record['name'] === 'string' ? `${value} (${record['name']})` : value;
    }
  }
  return JSON.stringify(ip);
}

/** The capabilities as name/value rows, sorted by name (nested values as JSON). */
export function capabilityRows(capabilities: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.keys(capabilities)
    .sort()
    .map((name): [string, string] => {
      const value = capabilities[name];
      return [name, typeof value === 'string' ? value : JSON.stringify(value)];
    });
}

/** Spec 001 §9: STUN/TURN information is kept for turnExpiration seconds × 1000 ms. */
export function stunTurnLifetimeMs(info: Pick<StunTurnInfo, 'turnExpiration'> | undefined): number {
  return info === undefined ? 0 : info.turnExpiration * 1000;
}

export interface PtmpReceiver {
  readonly uid: string;
  /** Chosen in the multipoint tab (false: reported by the server only). */
  readonly chosen: boolean;
  /** As the server reports it, null when it reports nothing of this receiver. */
  readonly status: string | null;
  readonly bitrate: number | null;
}

/** The receivers of a ptmp channel: those chosen, with what the server reports of each, then any it reports only. */
export function ptmpReceivers(ptmp: Pick<ChannelPtmp, 'machines' | 'ptmpStatuses'>): PtmpReceiver[] {
  const reported = new Map(ptmp.ptmpStatuses.map((s) => [s.uid, s]));
  const chosen = ptmp.machines.map((m): PtmpReceiver => {
    const s = reported.get(m.uid);
    return { uid: m.uid, chosen: true, status: s?.status ?? null, bitrate: s?.bitrate ?? null };
  });
  const chosenIds = new Set(ptmp.machines.map((m) => m.uid));
  const extra = ptmp.ptmpStatuses
    .filter((s) => !chosenIds.has(s.uid))
    .map((s): PtmpReceiver => ({ uid: s.uid, chosen: false, status: s.status, bitrate: s.bitrate }));
  return [...chosen, ...extra];
}

/** A server's output licence (`licensed` null: its output channels are not limited). */
export type ServerLicence = Pick<ChannelDetails['channel'], 'serverId' | 'serverName'> & ChannelDetails['outputLicence'];

/** The output licence of each server the channels run on, once a server, by server name (spec 001 §8). */
export function serverLicences(details: readonly Pick<ChannelDetails, 'channel' | 'outputLicence'>[]): ServerLicence[] {
  const byServer = new Map<string, ServerLicence>();
  for (const d of details) {
    if (!byServer.has(d.channel.serverId))
      byServer.set(d.channel.serverId, { serverId: d.channel.serverId, serverName: d.channel.serverName, ...d.outputLicence });
  }
  return [...byServer.values()].sort((a, b) => a.serverName.localeCompare(b.serverName) || a.serverId.localeCompare(b.serverId));
}

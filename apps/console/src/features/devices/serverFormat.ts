/** How the devices screen words a server's values (pure). */
import type { ServerDetail } from '@fleet/contracts';
import { SERVER_STATUSES } from './serverList';
import type { ServerStatusName } from './serverList';

/** The i18n key of a status; a status the console does not know reads as unknown. */
export function serverStatusKey(status: string): `devices.status.${ServerStatusName | 'unknown'}` {
  return (SERVER_STATUSES as readonly string[]).includes(status) ? `devices.status.${status as ServerStatusName}` : 'devices.status.unknown';
}

/** A usage percentage as shown (rounded), null when the server reported none. */
export function usagePercent(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : `${Math.round(value)}%`;
}

/** Which settings the server detail offers for a server type (spec 001 §3 Server, §7 Servers). */
export interface ServerSections {
  /** mmhservers/{id}/configuration or vrservers/{id}/configuration */
  readonly configuration: 'mmh' | 'vr' | null;
  readonly smpte: boolean;
  readonly ipPipe: boolean;
  /** The channels the server feeds (transceiver feed details; ingest servers' channels). */
  readonly feed: 'channels' | 'ingest' | null;
}

export function serverSections(serverType: ServerDetail['serverType']): ServerSections {
  switch (serverType) {
    case 'mmh_server':
      return { configuration: 'mmh', smpte: true, ipPipe: true, feed: null };
    case 'vr_server':
      return { configuration: 'vr', smpte: false, ipPipe: false, feed: null };
    case 'ingest_server':
      return { configuration: null, smpte: false, ipPipe: false, feed: 'ingest' };
    case 'transceiver_server':
      return { configuration: null, smpte: false, ipPipe: false, feed: 'channels' };
    default:
      // A type of a newer core: its overview only.
      return { configuration: null, smpte: false, ipPipe: false, feed: null };
  }
}

/** The channels a server feeds, by name (transceiver feed details). */
export function feedChannels<C extends { readonly serverId: string; readonly channelName: string }>(channels: readonly C[], serverId: string): C[] {
  return channels.filter((channel) => channel.serverId === serverId).sort((a, b) => a.channelName.localeCompare(b.channelName));
}

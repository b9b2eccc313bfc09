/** Channel rules on stored rows (spec 001 §4, §8): general fields, output licences, transceiver feeds. */
import type { ChannelGeneral } from '@fleet/contracts';
import { deriveChannelType } from '@fleet/domain';
import type { ChannelRecord, ServerRow } from '../../platform/storage/read-model.js';
import { channelConfiguration, ServicesData, typeFlags } from './presenter.js';

/** The general fields given in a request over the current ones; `preview` follows the type (spec 001 §4). */
export function mergeGeneral(current: ChannelGeneral, given: Partial<ChannelGeneral>): ChannelGeneral {
  const merged: ChannelGeneral = { ...current };
  for (const key of Object.keys(current) as (keyof ChannelGeneral)[]) {
    if (given[key] !== undefined) (merged as Record<string, unknown>)[key] = given[key];
  }
  // "Setting distributor forces output, not preview": the flags follow the derived type.
  const type = deriveChannelType(typeFlags(merged));
  merged.preview = type === 'preview';
  if (merged.distributor) merged.output = true;
  return merged;
}

/**
 * Licensed output channels of a server: `outputChannels` of its services data when set (the
 * output licence, spec 001 §8), else its channel capacity; null: not limited.
 */
export function licensedOutputs(server: ServerRow): number | null {
  const n = ServicesData.parse(server.servicesData)['outputChannels'];
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return n;
  // A server without a channel capacity (0) has no output limit either.
  return server.maxChannels > 0 ? server.maxChannels : null;
}

/** The server's PRO-4K service (spec 001 §3 tier "pro-4k"): `true` or an enabled/active status in its services data. */
export function hasPro4k(server: ServerRow): boolean {
  const v = ServicesData.parse(server.servicesData)['pro-4k'];
  if (v === true || v === 'active' || v === 'enabled') return true;
  const status = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)['status'] : undefined;
  return status === 'enabled' || status === 'active';
}

/** Spec 001 §8: a channel a transceiver shares as its feed (sharing, on a transceiver server). */
export function isTransceiverFeed(row: ChannelRecord, server: ServerRow): boolean {
  return row.sharing && server.serverType === 'transceiver_server';
}

/**
 * A channel an ingest server feeds through an association (the ingest server `ingestOf` reads,
 * set by PUT v2/inventories/{id}/ingestServers/{serverId}/channels/{channelId}): the association
 * is removed first.
 */
export function usedByIngest(row: ChannelRecord): boolean {
  return (channelConfiguration(row).ingest?.serverId ?? null) !== null;
}

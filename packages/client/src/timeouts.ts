/**
 * How long the client (the console, a script) waits for the core's answer to one call (spec 000 §9 / 001 §9 "Other
 * timeouts: 12000, 20000, 30000 ms", TIMINGS.otherTimeoutsMs). The spec gives the three values and
 * not the calls they belong to; the reading chosen, by what the core has to do before it answers:
 *
 * - 12000 ms: a read (GET), answered from what the core holds;
 * - 20000 ms: a write (POST, PUT, DELETE), which the core may pass to a unit or server and wait for
 *   its acknowledgement (the core gives a device up to 12 s: DEVICE_COMMAND_TIMEOUT_MS);
 * - 30000 ms: a write that carries a file or reaches several devices in one request (LONG_CALLS).
 *
 * A call without an answer by then fails with the client code TIMEOUT (ApiError.ts).
 */
import { ENDPOINT_ROUTES, TIMINGS } from '@fleet/contracts';
import type { EndpointId } from '@fleet/contracts';

const [READ_TIMEOUT_MS, WRITE_TIMEOUT_MS, LONG_TIMEOUT_MS] = TIMINGS.otherTimeoutsMs;

/** Writes that carry a file, or reach several units, channels or servers in one request. */
export const LONG_CALLS: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'uploadIngestAccountXslt',
  'setChannelOverlay',
  'uploadUnitFiles',
  'setChannelsBwLimit',
  'setChannelsPrivateSession',
  'createUpgradeBatch',
]);

export function requestTimeoutMs(id: EndpointId): number {
  if (LONG_CALLS.has(id)) return LONG_TIMEOUT_MS;
  const [method] = ENDPOINT_ROUTES[id];
  return method === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS;
}

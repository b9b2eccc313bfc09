import type { DeviceAck } from '@fleet/contracts';

/**
 * What a device answers to a command, an action, a configuration change or a fault: accepted
 * (with what it answers at once, if anything), or refused with a catalogue ErrorCode (and the
 * spec's device code, if any).
 */
export type Reaction = { ok: true; result?: DeviceAck['result'] } | { ok: false; error: string; deviceCode?: number; params?: string[] };

export const accepted: Reaction = { ok: true };
/** Accepted, answering `result` with the acknowledgement (a Wi-Fi query's networks). */
export const acceptedWith = (result: NonNullable<DeviceAck['result']>): Reaction => ({ ok: true, result });
export const refused = (error: string, deviceCode?: number): Reaction => ({ ok: false, error, ...(deviceCode === undefined ? {} : { deviceCode }) });

export function toAck(commandId: string, r: Reaction): DeviceAck {
  if (r.ok) return { kind: 'ack', commandId, ok: true, ...(r.result === undefined ? {} : { result: r.result }) };
  return {
    kind: 'ack',
    commandId,
    ok: false,
    error: r.error,
    ...(r.deviceCode === undefined ? {} : { deviceCode: r.deviceCode }),
    ...(r.params === undefined ? {} : { params: r.params }),
  };
}

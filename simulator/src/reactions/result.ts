import type { DeviceAck } from '@fleet/contracts';

/** What a device reaction answers: accepted, or refused with a catalogue ErrorCode (and device code). */
export type Reaction = { ok: true } | { ok: false; error: string; deviceCode?: number };

export const accepted: Reaction = { ok: true };
export const refused = (error: string, deviceCode?: number): Reaction => ({ ok: false, error, ...(deviceCode === undefined ? {} : { deviceCode }) });

export function toAck(commandId: string, r: Reaction): DeviceAck {
  return r.ok ? { kind: 'ack', commandId, ok: true } : { kind: 'ack', commandId, ok: false, error: r.error, ...(r.deviceCode === undefined ? {} : { deviceCode: r.deviceCode }) };
}

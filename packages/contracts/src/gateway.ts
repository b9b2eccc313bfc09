/**
 * Device gateway messages: the only way the core and the simulator (or real devices behind an
 * adapter) talk. In-process by default; the same messages travel as JSON over a websocket when the
 * simulator runs as separate shard processes.
 */
import { z } from 'zod';
import { UnitCommand, UnitTypeGroup } from './enums.js';
import { Applications, Battery, BitrateSample, Location, Modem } from './entities/unit.js';

/** What a simulated (or real) device needs to know about itself. */
export const DeviceSpec = z.object({
  unitId: z.string(),
  name: z.string(),
  productType: z.string(),
  typeGroup: UnitTypeGroup,
  swVersion: z.string(),
  capabilities: z.record(z.string(), z.boolean()),
});
export type DeviceSpec = z.infer<typeof DeviceSpec>;

export const DeviceCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('startStream'), channelId: z.string().nullable() }),
  z.object({ type: z.literal('stopStream') }),
  z.object({ type: z.literal('rename'), name: z.string() }),
  /** POST devices/{id}/commands/{command}: the command kind and its (validated) body. */
  z.object({ type: z.literal('command'), command: UnitCommand, payload: z.unknown() }),
  /** A configuration change (unit updates): which setting and its new (validated) value. */
  z.object({ type: z.literal('configure'), setting: z.string(), payload: z.unknown() }),
  /** A unit action (services, stream variants, IP pipe, intercom, shutdown, files, ...). */
  z.object({ type: z.literal('action'), action: z.string(), payload: z.unknown() }),
]);
export type DeviceCommand = z.infer<typeof DeviceCommand>;

export const CoreToDevice = z.discriminatedUnion('kind', [
  /** The devices this shard is to emulate (replaces the previous assignment). */
  z.object({ kind: z.literal('assign'), devices: z.array(DeviceSpec) }),
  z.object({ kind: z.literal('command'), commandId: z.string(), unitId: z.string(), command: DeviceCommand }),
]);
export type CoreToDevice = z.infer<typeof CoreToDevice>;

export const DeviceState = z.object({
  kind: z.literal('state'),
  unitId: z.string(),
  /** False: the device is not reachable (no applications reported). */
  online: z.boolean(),
  applications: Applications,
  at: z.number().int(),
});
export type DeviceState = z.infer<typeof DeviceState>;

export const DeviceTelemetry = z.object({
  kind: z.literal('telemetry'),
  unitId: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  modems: z.array(Modem),
  cameraConnected: z.boolean(),
  sample: BitrateSample,
  at: z.number().int(),
});
export type DeviceTelemetry = z.infer<typeof DeviceTelemetry>;

export const DeviceAck = z.object({
  kind: z.literal('ack'),
  commandId: z.string(),
  ok: z.boolean(),
  /** An ErrorCode of the catalogue when ok is false. */
  error: z.string().optional(),
  deviceCode: z.number().int().optional(),
});
export type DeviceAck = z.infer<typeof DeviceAck>;

export const DeviceToCore = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello'), shardId: z.string() }),
  DeviceState,
  DeviceTelemetry,
  DeviceAck,
]);
export type DeviceToCore = z.infer<typeof DeviceToCore>;

/**
 * One end of a gateway link. The core holds one end per shard; the simulator the other. An
 * in-process link passes objects; a websocket link passes the same objects as JSON.
 */
export interface GatewayEnd<Out, In> {
  send(message: Out): void;
  onMessage(handler: (message: In) => void): void;
  onClose(handler: () => void): void;
  close(): void;
}
export type CoreGatewayEnd = GatewayEnd<CoreToDevice, DeviceToCore>;
export type DeviceGatewayEnd = GatewayEnd<DeviceToCore, CoreToDevice>;

export const GATEWAY = { wsPath: '/gateway' } as const;

/**
 * What devices report beyond unit state and telemetry (server, channel and video return status,
 * alerts, files, upgrades, channel selection, speed tests, scans, logs, storages, tally), handed to
 * the service that owns each kind. A kind has exactly one handler, so a report is never applied
 * twice. The reports of one device are applied in arrival order; different devices' reports are
 * applied side by side, so their writes share the storage's write groups (one disk flush for the
 * writes of one turn of the event loop) instead of paying a flush each, one after the other — after
 * a fleet reset, every server reports its channels at once.
 */
import type { DeviceEvent } from '@fleet/contracts';
import type { DeviceGateway } from './gateway.js';

export type DeviceEventOf<T extends DeviceEvent['type']> = Extract<DeviceEvent, { type: T }>;
type Handler<T extends DeviceEvent['type']> = (event: DeviceEventOf<T>, at: number) => Promise<void> | void;

/** The device that sent a report: its reports keep their order. */
export function reportingDevice(event: DeviceEvent): string {
  switch (event.type) {
    case 'alert':
      return event.unitId !== null ? `unit:${event.unitId}` : `server:${event.serverId ?? ''}`;
    case 'upgrade':
      return `${event.deviceType}:${event.deviceId}`;
    case 'serverState':
    case 'channelState':
    case 'vrChannelState':
    case 'serverConfigState':
    case 'serverInfo':
    case 'channelLogs':
      return `server:${event.serverId}`;
    default:
      return `unit:${event.unitId}`;
  }
}

export class DeviceEvents {
  private readonly handlers: { [T in DeviceEvent['type']]?: Handler<T> } = {};
  /** The reports of one device not yet applied, chained in arrival order (by reportingDevice). */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    gateway: DeviceGateway,
    private readonly log: { error(obj: unknown, msg?: string): void },
  ) {
    gateway.onDeviceEvent((event, at) => {
      const device = reportingDevice(event);
      const next = (this.queues.get(device) ?? Promise.resolve())
        .then(() => this.apply(event, at))
        .catch((e: unknown) => this.log.error({ err: e, event: event.type }, 'applying a device event failed'))
        .finally(() => {
          if (this.queues.get(device) === next) this.queues.delete(device);
        });
      this.queues.set(device, next);
    });
  }

  /** The one handler of a kind of report. */
  on<T extends DeviceEvent['type']>(type: T, handler: Handler<T>): void {
    if (this.handlers[type]) throw new Error(`device event ${type} already has a handler`);
    // The map is keyed by the kind its handler takes.
    (this.handlers as Record<string, Handler<T>>)[type] = handler;
  }

  /** Wait until every report received so far is applied (tests, reset, shutdown). */
  async settle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async apply(event: DeviceEvent, at: number): Promise<void> {
    // Looked up by the event's own kind: the handler takes exactly that kind.
    const handler = this.handlers[event.type] as Handler<typeof event.type> | undefined;
    await handler?.(event as DeviceEventOf<typeof event.type>, at);
  }
}

/**
 * What devices report beyond unit state and telemetry (server, channel and video return status,
 * alerts, files, upgrades, channel selection, speed tests, scans, logs, storages, tally): one
 * queue, in arrival order, handed to the service that owns each kind. A kind has exactly one
 * handler, so a report is never applied twice.
 */
import type { DeviceEvent } from '@fleet/contracts';
import type { DeviceGateway } from './gateway.js';

export type DeviceEventOf<T extends DeviceEvent['type']> = Extract<DeviceEvent, { type: T }>;
type Handler<T extends DeviceEvent['type']> = (event: DeviceEventOf<T>, at: number) => Promise<void> | void;

export class DeviceEvents {
  private readonly handlers: { [T in DeviceEvent['type']]?: Handler<T> } = {};
  private queue: Promise<void> = Promise.resolve();

  constructor(
    gateway: DeviceGateway,
    private readonly log: { error(obj: unknown, msg?: string): void },
  ) {
    gateway.onDeviceEvent((event, at) => {
      this.queue = this.queue
        .then(() => this.apply(event, at))
        .catch((e: unknown) => this.log.error({ err: e, event: event.type }, 'applying a device event failed'));
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
    let q: Promise<void>;
    do {
      q = this.queue;
      await q;
    } while (q !== this.queue);
  }

  private async apply(event: DeviceEvent, at: number): Promise<void> {
    // Looked up by the event's own kind: the handler takes exactly that kind.
    const handler = this.handlers[event.type] as Handler<typeof event.type> | undefined;
    await handler?.(event as DeviceEventOf<typeof event.type>, at);
  }
}

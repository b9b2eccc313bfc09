/**
 * A fake /ws server for component tests, put into the realtime provider through its transport
 * (realtime/transport.ts). It behaves like the core's hub: says hello when the console connects,
 * acknowledges every subscription, and numbers each topic's events. A test pushes events with
 * {@link FakeRealtimeServer.emit}; they go through the real RealtimeClient (envelope, topics,
 * sequence numbers) and the provider's cache patches, as in the app.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { ClientMessage, ServerMessage } from '@fleet/contracts';
import type { RealtimeEvent, Topic } from '@fleet/contracts';
import { parseFrame } from '../realtime/parseFrame';
import type { SocketHandlers } from '../realtime/RealtimeClient';
import type { RealtimeTransport } from '../realtime/transport';

interface Connection {
  readonly url: string;
  readonly handlers: SocketHandlers;
  readonly sent: ClientMessage[];
  closed: boolean;
}

export const TEST_EPOCH = 'test-epoch';

/**
 * The provider applies a frame's events in a microtask, and React Query tells its observers in a
 * macrotask scheduled then (notifyManager): this returns after both, inside the caller's act().
 */
async function letReactQueryNotify(): Promise<void> {
  await Promise.resolve();
  for (let round = 0; round < 2; round += 1) {
    // Under fake timers (a test stepping through reconnects) the due timers are run, not waited for.
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export class FakeRealtimeServer {
  private readonly connections: Connection[] = [];
  private readonly seqs = new Map<Topic, number>();
  /** Topics the console subscribed to on the current connection. */
  readonly topics = new Set<Topic>();
  /** Those of them acknowledged (`subscribed` sent). */
  readonly acknowledged = new Set<Topic>();
  /** Answer `subscribe` with `subscribed` (the core does); off to see the console before its acknowledgement. */
  acknowledge = true;
  /** The core is down: a new connection closes at once, without a hello. */
  down = false;

  readonly transport: RealtimeTransport = {
    socketFactory: (url, handlers) => {
      const connection: Connection = { url, handlers, sent: [], closed: false };
      this.connections.push(connection);
      this.topics.clear();
      this.acknowledged.clear();
      // The core says hello as soon as the socket is open; a core that is down closes it.
      const down = this.down;
      queueMicrotask(() => {
        if (connection.closed) return;
        if (down) {
          connection.closed = true;
          handlers.onClose(1006);
        } else {
          this.send(connection, { op: 'hello', epoch: TEST_EPOCH, heartbeatMs: 0, batchSize: 50 });
        }
      });
      return {
        send: (data: string) => this.receive(connection, data),
        close: () => {
          connection.closed = true;
        },
      };
    },
    // Sync at once: the spec's random spread only slows a test down.
    syncDelayMaxMs: 0,
  };

  /** How many times the console opened a socket. */
  get connectionCount(): number {
    return this.connections.length;
  }

  /** Every message the console sent on the current connection. */
  get sent(): readonly ClientMessage[] {
    return this.connections.at(-1)?.sent ?? [];
  }

  private receive(connection: Connection, data: string): void {
    const message = ClientMessage.parse(JSON.parse(data));
    connection.sent.push(message);
    if (message.op === 'subscribe') {
      for (const topic of message.topics) this.topics.add(topic);
      if (this.acknowledge) {
        const topics = message.topics.map((topic) => ({ topic, seq: this.seqs.get(topic) ?? 0 }));
        queueMicrotask(() => {
          if (connection.closed) return;
          this.send(connection, { op: 'subscribed', topics });
          for (const { topic } of topics) this.acknowledged.add(topic);
        });
      }
    }
    if (message.op === 'unsubscribe') {
      for (const topic of message.topics) {
        this.topics.delete(topic);
        this.acknowledged.delete(topic);
      }
    }
  }

  /** Acknowledges the subscriptions not acknowledged yet (with `acknowledge` off, when the test says). */
  async acknowledgeNow(): Promise<void> {
    const connection = this.current;
    const topics = [...this.topics].filter((topic) => !this.acknowledged.has(topic)).map((topic) => ({ topic, seq: this.seqs.get(topic) ?? 0 }));
    await act(async () => {
      this.send(connection, { op: 'subscribed', topics });
      for (const { topic } of topics) this.acknowledged.add(topic);
      await Promise.resolve();
    });
  }

  private send(connection: Connection, message: ServerMessage): void {
    // Held to the protocol, so a test cannot push what the core never sends.
    connection.handlers.onMessage(parseFrame(JSON.stringify(ServerMessage.parse(message))));
  }

  private get current(): Connection {
    const connection = this.connections.at(-1);
    if (!connection || connection.closed) throw new Error('the console has no open /ws connection');
    return connection;
  }

  /**
   * Publishes events on a topic the console subscribed to (default: the first one), numbered as
   * the hub numbers them, and lets React apply them.
   */
  async emit(events: RealtimeEvent | readonly RealtimeEvent[], topic?: Topic): Promise<void> {
    const list: readonly RealtimeEvent[] = Array.isArray(events) ? events : [events as RealtimeEvent];
    const target = topic ?? [...this.topics][0];
    if (target === undefined || !this.topics.has(target)) {
      throw new Error(`the console is not subscribed to ${target ?? 'any topic'} (subscribed: ${[...this.topics].join(', ') || 'none'})`);
    }
    const connection = this.current;
    await act(async () => {
      for (const event of list) {
        const seq = (this.seqs.get(target) ?? 0) + 1;
        this.seqs.set(target, seq);
        this.send(connection, { op: 'event', topic: target, seq, epoch: TEST_EPOCH, event });
      }
      await letReactQueryNotify();
    });
  }

  /** The connection drops (the client reconnects after its interval). */
  async drop(code = 1006): Promise<void> {
    const connection = this.current;
    connection.closed = true;
    await act(async () => {
      connection.handlers.onClose(code);
      await letReactQueryNotify();
    });
  }
}

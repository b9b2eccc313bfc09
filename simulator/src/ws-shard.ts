/**
 * A simulator shard in its own process: attaches an engine to the core's /gateway websocket and
 * reconnects when the link drops (the core re-assigns the fleet on every attach).
 */
import WebSocket from 'ws';
import { CoreToDevice, REALTIME, type DeviceGatewayEnd, type DeviceToCore } from '@fleet/contracts';
import type { Engine } from './engine.js';

export interface ShardOptions {
  url: string;
  token: string;
  reconnectMs?: number;
  log?: (msg: string) => void;
  /**
   * Size of a batch frame at most, in characters of JSON (default: 90 % of the core's websocket
   * frame limit, REALTIME.maxFrameBytes; a bigger frame would be refused with close 1009).
   */
  maxFrameChars?: number;
  /**
   * When the socket holds more than this many unsent bytes (the core is not keeping up), telemetry
   * is dropped (the next sample supersedes it); state, acknowledgements and events never are.
   */
  maxBufferedBytes?: number;
}

/** What a shard link sent and dropped (benchmarks, diagnostics). */
export interface ShardLinkStats {
  frames: number;
  droppedTelemetry: number;
}

type BatchMember = Exclude<DeviceToCore, { kind: 'hello' | 'batch' }>;

export function connectShard(engine: Engine, opts: ShardOptions): { close(): void; stats: ShardLinkStats } {
  let stopped = false;
  let socket: WebSocket | null = null;
  const log = opts.log ?? (() => {});
  const maxFrameChars = opts.maxFrameChars ?? Math.floor(REALTIME.maxFrameBytes * 0.9);
  const maxBuffered = opts.maxBufferedBytes ?? 32 * 1024 * 1024;
  const stats: ShardLinkStats = { frames: 0, droppedTelemetry: 0 };

  const open = () => {
    const ws = new WebSocket(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
    socket = ws;
    // What the engine emits in one turn of the event loop travels as one `batch` frame (a frame per
    // message costs a syscall each: at 10,000 units that is most of the shard's CPU).
    let queue: BatchMember[] = [];
    let flushing = false;
    const flush = () => {
      flushing = false;
      if (ws.readyState !== WebSocket.OPEN) {
        queue = [];
        return;
      }
      if (ws.bufferedAmount > maxBuffered) {
        const kept = queue.filter((m) => m.kind !== 'telemetry');
        stats.droppedTelemetry += queue.length - kept.length;
        queue = kept;
      }
      // Each message is serialised once; frames are filled up to the size limit.
      let parts: string[] = [];
      let size = 0;
      const send = () => {
        if (parts.length === 0) return;
        ws.send(parts.length === 1 ? parts[0]! : `{"kind":"batch","messages":[${parts.join(',')}]}`);
        stats.frames++;
        parts = [];
        size = 0;
      };
      for (const m of queue) {
        const json = JSON.stringify(m);
        if (parts.length > 0 && size + json.length + 40 > maxFrameChars) send();
        parts.push(json);
        size += json.length + 1;
      }
      send();
      queue = [];
    };
    const end: DeviceGatewayEnd = {
      send: (m) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (m.kind === 'hello' || m.kind === 'batch') {
          flush();
          ws.send(JSON.stringify(m));
          return;
        }
        queue.push(m);
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      },
      onMessage: (h) =>
        ws.on('message', (data) => {
          let json: unknown;
          try {
            json = JSON.parse(String(data));
          } catch {
            return;
          }
          const parsed = CoreToDevice.safeParse(json);
          if (parsed.success) h(parsed.data);
          else log('dropped a malformed message from the core');
        }),
      onClose: (h) => ws.on('close', h),
      close: () => ws.close(1000),
    };
    ws.on('open', () => {
      log(`attached to ${opts.url}`);
      engine.attach(end);
    });
    ws.on('error', (e) => log(`gateway link error: ${e.message}`));
    ws.on('close', (code) => {
      if (ws === socket && code !== 1000) log(`gateway link closed (${code})`);
      if (!stopped) setTimeout(open, opts.reconnectMs ?? 2000);
    });
  };
  open();
  return {
    stats,
    close: () => {
      stopped = true;
      socket?.close(1000);
    },
  };
}

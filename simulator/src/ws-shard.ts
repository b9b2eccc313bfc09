/**
 * A simulator shard in its own process: attaches an engine to the core's /gateway websocket and
 * reconnects when the link drops (the core re-assigns the fleet on every attach).
 */
import WebSocket from 'ws';
import { CoreToDevice, REALTIME, type DeviceGatewayEnd } from '@fleet/contracts';
import type { Engine } from './engine.js';

/** A shard's frame leaves once it holds this many characters of JSON (`ShardOptions.eagerFrameChars`). */
export const SHARD_EAGER_FRAME_CHARS = 128 * 1024;

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
   * A frame leaves as soon as it holds this many characters of JSON, while the engine is still
   * stepping the rest of its slice (default {@link SHARD_EAGER_FRAME_CHARS}, 128 KiB): the core parses and publishes the first
   * reports of a slice while the shard produces the last ones, instead of receiving the whole slice
   * (1,000 reports, 1.4 MB at 10,000 units) only after the shard has produced all of it.
   * What is left at the end of the turn leaves then, as one frame.
   */
  eagerFrameChars?: number;
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

export function connectShard(engine: Engine, opts: ShardOptions): { close(): void; stats: ShardLinkStats } {
  let stopped = false;
  let socket: WebSocket | null = null;
  const log = opts.log ?? (() => {});
  const maxFrameChars = opts.maxFrameChars ?? Math.floor(REALTIME.maxFrameBytes * 0.9);
  const maxBuffered = opts.maxBufferedBytes ?? 32 * 1024 * 1024;
  const eagerFrameChars = Math.min(opts.eagerFrameChars ?? SHARD_EAGER_FRAME_CHARS, maxFrameChars);
  const stats: ShardLinkStats = { frames: 0, droppedTelemetry: 0 };

  const open = () => {
    const ws = new WebSocket(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
    socket = ws;
    // What the engine emits in one turn of the event loop travels in `batch` frames (a frame per
    // message costs a syscall each: at 10,000 units that is most of the shard's CPU). Each message
    // is serialised once, as it is emitted; a frame leaves once it holds eagerFrameChars, the rest
    // at the end of the turn.
    let parts: string[] = [];
    let size = 0;
    let flushing = false;
    const sendFrame = () => {
      if (parts.length === 0) return;
      ws.send(parts.length === 1 ? parts[0]! : `{"kind":"batch","messages":[${parts.join(',')}]}`);
      stats.frames++;
      parts = [];
      size = 0;
    };
    const flush = () => {
      flushing = false;
      if (ws.readyState !== WebSocket.OPEN) {
        parts = [];
        size = 0;
        return;
      }
      sendFrame();
    };
    const end: DeviceGatewayEnd = {
      send: (m) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (m.kind === 'hello' || m.kind === 'batch') {
          flush();
          ws.send(JSON.stringify(m));
          return;
        }
        // The core is not keeping up: telemetry is dropped (the next sample supersedes it).
        if (m.kind === 'telemetry' && ws.bufferedAmount > maxBuffered) {
          stats.droppedTelemetry++;
          return;
        }
        const json = JSON.stringify(m);
        if (parts.length > 0 && size + json.length + 40 > maxFrameChars) sendFrame();
        parts.push(json);
        size += json.length + 1;
        if (size >= eagerFrameChars) sendFrame();
        else if (!flushing) {
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

/**
 * A simulator shard in its own process: attaches an engine to the core's /gateway websocket and
 * reconnects when the link drops (the core re-assigns the fleet on every attach).
 */
import WebSocket from 'ws';
import { CoreToDevice, type DeviceGatewayEnd } from '@fleet/contracts';
import type { Engine } from './engine.js';

export interface ShardOptions {
  url: string;
  token: string;
  reconnectMs?: number;
  log?: (msg: string) => void;
}

export function connectShard(engine: Engine, opts: ShardOptions): { close(): void } {
  let stopped = false;
  let socket: WebSocket | null = null;
  const log = opts.log ?? (() => {});

  const open = () => {
    const ws = new WebSocket(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
    socket = ws;
    const end: DeviceGatewayEnd = {
      send: (m) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
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
    ws.on('close', () => {
      if (!stopped) setTimeout(open, opts.reconnectMs ?? 2000);
    });
  };
  open();
  return {
    close: () => {
      stopped = true;
      socket?.close(1000);
    },
  };
}

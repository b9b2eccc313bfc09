/**
 * The shard's websocket link: how what the engine emits is framed (a real `ws` server on loopback).
 * The engine is a stand-in that only hands over its gateway end: the link never looks into a
 * message beyond its kind, so the messages here are shaped only as far as that.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { DeviceGatewayEnd, DeviceToCore } from '@fleet/contracts';
import { connectShard } from '../src/ws-shard.js';
import type { Engine } from '../src/engine.js';

interface Harness {
  end: DeviceGatewayEnd;
  frames: string[];
  link: ReturnType<typeof connectShard>;
  close(): Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function attach(opts: { eagerFrameChars?: number; maxFrameChars?: number } = {}): Promise<Harness> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const frames: string[] = [];
  server.on('connection', (ws) => ws.on('message', (data) => frames.push(String(data))));
  let attached: (end: DeviceGatewayEnd) => void = () => {};
  const ready = new Promise<DeviceGatewayEnd>((resolve) => (attached = resolve));
  const engine = { attach: (end: DeviceGatewayEnd) => attached(end) } as unknown as Engine;
  const { port } = server.address() as AddressInfo;
  const link = connectShard(engine, { url: `ws://127.0.0.1:${port}`, token: 't', ...opts });
  const end = await ready;
  const h: Harness = {
    end,
    frames,
    link,
    close: async () => {
      link.close();
      for (const c of server.clients) c.terminate();
      await new Promise((r) => server.close(r));
    },
  };
  open.push(h);
  return h;
}

const telemetry = (i: number): DeviceToCore => ({ kind: 'telemetry', unitId: `u${i}`, pad: 'x'.repeat(1000) }) as unknown as DeviceToCore;

/** The unit ids in the order the frames carried them. */
function carried(frames: string[]): string[] {
  return frames.flatMap((f) => {
    const m = JSON.parse(f) as { kind: string; unitId?: string; messages?: { unitId: string }[] };
    return m.kind === 'batch' ? m.messages!.map((x) => x.unitId) : [m.unitId!];
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('shard link framing', () => {
  it('sends a frame as soon as it holds eagerFrameChars, while the engine is still emitting', async () => {
    const h = await attach({ eagerFrameChars: 16 * 1024 });
    for (let i = 0; i < 100; i++) h.end.send(telemetry(i));
    // ~100 KB emitted in this turn: frames of 16 KiB already left, before the turn ends.
    const sentDuringTurn = h.link.stats.frames;
    expect(sentDuringTurn).toBeGreaterThanOrEqual(5);
    await until(() => carried(h.frames).length === 100);
    expect(carried(h.frames)).toEqual(Array.from({ length: 100 }, (_, i) => `u${i}`));
    expect(h.frames.length).toBe(sentDuringTurn + 1);
    for (const f of h.frames.slice(0, -1)) expect(f.length).toBeGreaterThanOrEqual(16 * 1024);
  });

  it('keeps what is below that size for one frame at the end of the turn', async () => {
    const h = await attach({ eagerFrameChars: 64 * 1024 });
    for (let i = 0; i < 10; i++) h.end.send(telemetry(i));
    expect(h.link.stats.frames).toBe(0);
    await until(() => h.frames.length === 1);
    expect(carried(h.frames)).toEqual(Array.from({ length: 10 }, (_, i) => `u${i}`));
  });

  it('never builds a frame over maxFrameChars, and a hello leaves after what was emitted before it', async () => {
    const h = await attach({ maxFrameChars: 5_000, eagerFrameChars: 1_000_000 });
    for (let i = 0; i < 12; i++) h.end.send(telemetry(i));
    h.end.send({ kind: 'hello', shardId: 's' } as unknown as DeviceToCore);
    h.end.send(telemetry(12));
    await until(() => h.frames.some((f) => f.includes('"u12"')));
    for (const f of h.frames) expect(f.length).toBeLessThanOrEqual(5_000);
    const kinds = h.frames.map((f) => (JSON.parse(f) as { kind: string }).kind);
    const hello = kinds.indexOf('hello');
    expect(hello).toBeGreaterThan(0);
    expect(carried(h.frames.slice(0, hello))).toEqual(Array.from({ length: 12 }, (_, i) => `u${i}`));
    expect(carried(h.frames.slice(hello + 1))).toEqual(['u12']);
  });
});

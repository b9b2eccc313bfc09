/**
 * A slow consumer on /ws: a client that stops reading (its TCP socket paused, so the kernel
 * buffers fill and the server's unsent data grows) is cut off once its unsent data passes the
 * bound, while the other subscribers of the same topic keep receiving, in order.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type CurrentUser } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';
import { connect, sleep, until } from './realtime-client.js';

const MAX_BUFFERED = 256 * 1024;

/** A masked client text frame (RFC 6455 §5.2), for the raw client below. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff]);
  const body = Buffer.alloc(len);
  for (let i = 0; i < len; i++) body[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([head, mask, body]);
}

/** A websocket client over a bare TCP socket, so the test can stop reading at will. */
async function rawClient(port: number, cookie: string): Promise<{ socket: Socket; closed: Promise<void>; received: () => number; text: () => string }> {
  const socket = tcpConnect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = 0;
  // The frames' bytes as text, the first 64 kB of them (the server's frames are not masked: their JSON reads as it is).
  let text = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const upgraded = new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        if (head.startsWith('HTTP/1.1 101')) resolve();
        else reject(new Error(head.split('\r\n')[0]));
        socket.on('data', (c: Buffer) => {
          received += c.length;
          if (text.length < 65_536) text += c.toString('latin1');
        });
      }
    };
    socket.on('data', onData);
  });
  socket.write(
    [
      'GET /ws HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Cookie: ${cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  await upgraded;
  return { socket, closed, received: () => received, text: () => text };
}

describe('realtime slow consumer', () => {
  let s: TestStack;
  let base: string;
  let cookie: string;
  let me: CurrentUser;

  beforeAll(async () => {
    s = await startTestStack({ env: { REALTIME_MAX_BUFFERED_BYTES: String(MAX_BUFFERED) } });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
    me = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
  });
  afterAll(async () => s?.close());

  it('cuts off a client that stops reading, while the others keep receiving', async () => {
    const topic = groupTopic(me.groups[0]!.id);
    const fast = await Promise.all([connect(base, { cookie }), connect(base, { cookie })]);
    for (const f of fast) {
      await f.next((m) => m.op === 'hello');
      f.send({ op: 'subscribe', topics: [topic] });
      await f.next((m) => m.op === 'subscribed');
    }
    const slow = await rawClient(Number(new URL(base).port), cookie);
    slow.socket.write(clientFrame(JSON.stringify({ op: 'subscribe', topics: [topic] })));
    await until(() => s.app.services.hub.clientCount() === 3, 5000, 'three subscribers');
    await until(() => slow.text().includes('"op":"subscribed"'), 5000, 'the slow client read its subscription');
    slow.socket.pause(); // stops reading: from here on, everything piles up

    // Large events at a steady pace (≈ 20 MB/s) until the slow client is gone.
    const hub = s.app.services.hub;
    const big = 'x'.repeat(64 * 1024);
    let n = 0;
    const deadline = Date.now() + 20_000;
    while (hub.stats.cutOff === 0 && Date.now() < deadline) {
      for (let i = 0; i < 3; i++) {
        n++;
        hub.publish([topic], {
          type: 'notification',
          notification: {
            id: `n${n}`,
            message: big,
            expireDate: null,
            globalNotification: false,
            level: 'info',
            expiresWithin2h: false,
            expiresWithin24h: false,
          },
          at: Date.now(),
        });
      }
      await sleep(10);
    }
    expect(hub.stats.cutOff).toBe(1);
    expect(hub.clientCount()).toBe(2);
    // The server let go of the connection (closed, then terminated since it does not read).
    slow.socket.resume();
    await slow.closed;

    // The others keep receiving, in order, everything: also what is published after the cut.
    const afterCut = n;
    for (let i = 0; i < 5; i++) {
      n++;
      hub.publish([topic], {
        type: 'notification',
        notification: {
          id: `n${n}`,
          message: 'after',
          expireDate: null,
          globalNotification: false,
          level: 'info',
          expiresWithin2h: false,
          expiresWithin24h: false,
        },
        at: Date.now(),
      });
    }
    for (const f of fast) {
      await until(() => f.events.some((e) => e.event.type === 'notification' && e.event.notification.id === `n${n}`), 10_000, 'the last event');
      const ids = f.events.flatMap((e) => (e.event.type === 'notification' ? [Number(e.event.notification.id.slice(1))] : []));
      expect(ids).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const seqs = f.events.filter((e) => e.topic === topic).map((e) => e.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i));
      expect(f.ws.readyState).toBe(f.ws.OPEN);
      f.ws.close();
    }
    expect(afterCut).toBeGreaterThan(0);
    slow.socket.destroy();
  });
});

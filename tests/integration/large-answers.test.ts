/**
 * Large answers written into reused memory blocks (apps/core/src/routes/answer-blocks.ts): the unit
 * list of a large fleet over real sockets. A block goes back to the pool only once its response is
 * over, so a console that reads slowly still gets its own bytes while other consoles' answers are
 * written into other blocks and reused — the property checked here, with a reader that stops
 * reading until the others are done.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { POOLED_FROM_BYTES } from '../../apps/core/src/routes/answer-blocks.js';

/** One HTTP/1.1 GET on a socket of its own; the whole response's body. */
function request(port: number, path: string, cookie: string, opts: { pauseFirst?: Promise<void> } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
      if (opts.pauseFirst) {
        // Read nothing until told: the server's write fills the socket buffers and waits.
        socket.pause();
        void opts.pauseFirst.then(() => socket.resume());
      }
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(all)?.[1]);
      resolve({ status, body: all.slice(split + 4) });
    });
  });
}

describe('large answers in reused blocks', () => {
  let s: TestStack;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    s = await startTestStack({ simulator: false });
    await s.app.services.fleet.generate({ size: 10_000 });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as { port: number }).port;
    cookie = await s.login('super_user');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('give a slow reader its own bytes while other answers reuse the blocks', async () => {
    const expected = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).body;
    expect(Buffer.byteLength(expected)).toBeGreaterThan(POOLED_FROM_BYTES);
    let go!: () => void;
    // The server's side of each connection made from here on.
    const served: Socket[] = [];
    const follow = (socket: Socket) => served.push(socket);
    s.app.server.on('connection', follow);
    const slow = request(port, '/api/devices/fetch', cookie, { pauseFirst: new Promise<void>((r) => (go = r)) });
    // The slow request is answered and stalls on its socket (5.4 MB: more than the kernel's
    // buffers take, so part of it is still in the block, waiting to be written).
    await eventually(async () => served[0] !== undefined && served[0].writableLength > 0);
    s.app.server.off('connection', follow);
    // The list changes all along its length (every 40th unit renamed, same length), so an answer
    // written into the slow one's block too early would change the bytes it has not sent yet.
    const units = JSON.parse(expected) as { uniqueId: string; name: string; version?: number }[];
    for (const u of units.filter((_, i) => i % 40 === 39)) {
      const name = `${u.name.slice(0, -1)}${u.name.endsWith('Z') ? 'Y' : 'Z'}`;
      const res = await s.app.inject({ method: 'PUT', url: '/api/devices/update', headers: { cookie }, payload: { id: u.uniqueId, name } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const changed = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).body;
    expect(changed).not.toBe(expected);
    expect(Math.ceil(Buffer.byteLength(changed) / (1 << 20))).toBe(Math.ceil(Buffer.byteLength(expected) / (1 << 20)));
    // Other consoles, a few at a time, so their blocks go back and are taken again.
    for (let round = 0; round < 3; round++) {
      const others = await Promise.all(Array.from({ length: 3 }, () => request(port, '/api/devices/fetch', cookie)));
      for (const o of others) {
        expect(o.status).toBe(200);
        expect(o.body).toBe(changed);
      }
    }
    go();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(expected);
  });
});

/**
 * /ws with real websockets against a listening core: upgrade guarded by session and Origin,
 * subscriptions checked against the caller's scope, unit status events as a stream starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServerMessage, groupTopic, inventoryTopic, type CurrentUser, type UnitSummary } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';

function connect(base: string, headers: Record<string, string>): Promise<{ ws: WebSocket; messages: ServerMessage[]; next(pred: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers });
    const messages: ServerMessage[] = [];
    const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
    ws.on('message', (d) => {
      const m = ServerMessage.parse(JSON.parse(String(d)));
      messages.push(m);
      for (const w of [...waiters]) if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        next: (pred, ms = 5000) =>
          new Promise((res, rej) => {
            const found = messages.find(pred);
            if (found) return res(found);
            const t = setTimeout(() => rej(new Error('no matching message')), ms);
            waiters.push({ pred, resolve: (m) => { clearTimeout(t); res(m); } });
          }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

describe('realtime /ws', () => {
  let s: TestStack;
  let base: string;
  let cookie: string;
  let me: CurrentUser;

  beforeAll(async () => {
    s = await startTestStack();
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
    me = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
  });
  afterAll(async () => s?.close());

  it('refuses the upgrade without a session or from a foreign Origin', async () => {
    await expect(connect(base, {})).rejects.toThrow('upgrade refused: 401');
    await expect(connect(base, { cookie, origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    const ok = await connect(base, { cookie, origin: base });
    ok.ws.close();
  });

  it('refuses subscriptions outside the caller’s scope', async () => {
    const c = await connect(base, { cookie });
    const all: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: await s.login('super_user') } })).json();
    const foreignInventory = all.flatMap((u) => u.inventoryIds).find((i) => !me.inventories.some((m) => m.id === i))!;
    c.ws.send(JSON.stringify({ op: 'subscribe', topics: [inventoryTopic(foreignInventory), groupTopic(me.groups[0]!.id)] }));
    const err = await c.next((m) => m.op === 'error');
    expect(err).toMatchObject({ op: 'error', code: 'FORBIDDEN', topics: [inventoryTopic(foreignInventory)] });
    const sub = await c.next((m) => m.op === 'subscribed');
    expect(sub).toMatchObject({ topics: [{ topic: groupTopic(me.groups[0]!.id) }] });
    c.ws.close();
  });

  it('delivers unit status events with per-topic sequence numbers as a stream starts', async () => {
    const c = await connect(base, { cookie });
    const hello = await c.next((m) => m.op === 'hello');
    const topics = me.groups.map((g) => groupTopic(g.id));
    c.ws.send(JSON.stringify({ op: 'subscribe', topics }));
    await c.next((m) => m.op === 'subscribed');
    const units: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).json();
    const unit = units.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.groupIds.length > 0)!;
    expect(unit).toBeDefined();
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const ev = await c.next((m) => m.op === 'event' && m.event.type === 'unit.status' && m.event.unitId === unit.uniqueId && m.event.status === 'streaming');
    if (ev.op !== 'event' || ev.event.type !== 'unit.status') throw new Error('unexpected');
    expect(ev.epoch).toBe(hello.op === 'hello' ? hello.epoch : '');
    expect(ev.event.previous).toBe('idle');
    expect(ev.event.change).toBe('onlineToStreaming');
    const seqs = c.messages.filter((m) => m.op === 'event' && m.topic === ev.topic).map((m) => (m.op === 'event' ? m.seq : 0));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    c.ws.close();
  });
});

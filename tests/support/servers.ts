/**
 * The server calls' stack (tests/integration/servers-*.test.ts): the real core with the real simulator
 * on server timings of a fraction of a second (a reset, an IP pipe's connection), a session per role,
 * every announcement recorded, and the calls' helpers.
 */
import { afterAll, beforeAll } from 'vitest';
import { serverEndpoints, type ServerDetail, type ServerFault } from '@fleet/contracts';
import { startSimulator } from '@fleet/stack';
import { coreCall, eventually, fleetUp, recordPublished, startTestStack, type Method, type Provider, type Published, type TestStack } from './stack.js';

export const IDS = Object.keys(serverEndpoints) as (keyof typeof serverEndpoints)[];
export const HUB = 'MMH-0001';
export const FOREIGN_HUB = 'MMH-0002';

/** The sessions of the roles the calls are made as. */
export interface ServerSessions {
  /** luc_admin: inventory inv-global only */
  admin: string;
  superUser: string;
  regular: string;
  reader: string;
}

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, what its hub published, and the calls its tests make.
 */
export function serversStack(provider: Provider) {
  const ctx = { s: undefined as unknown as TestStack, sessions: undefined as unknown as ServerSessions };
  const published: Published[] = [];

  beforeAll(async () => {
    const s = await startTestStack({ provider, simulator: false });
    ctx.s = s;
    // Servers reset and connect their IP pipe quickly here (the defaults take seconds).
    s.sim = startSimulator(s.app, {
      seed: 1,
      timings: { bootMs: [5, 20], initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0, telemetryIntervalMs: 100 },
      serverTimings: { resetMs: [150, 250], ipPipeConnectMs: [50, 100] },
    });
    await fleetUp(s.app, s.sim);
    const [admin, superUser, regular, reader] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('luc_regular'), s.login('luc_read')]);
    ctx.sessions = { admin, superUser, regular, reader };
    recordPublished(s.app, published);
    await eventually(async () => (await detail(HUB)).status === 'online');
  });
  afterAll(async () => {
    // The stack stops only the simulator it started itself.
    ctx.s?.sim?.stop();
    await ctx.s?.close();
  });

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(ctx.s, method, url, cookie, payload);
  const db = () => ctx.s.app.services.db;
  const detail = async (id: string): Promise<ServerDetail> => (await call('GET', `/servers/${id}`, ctx.sessions.superUser)).json();
  const snapshot = async () =>
    JSON.stringify(
      await db().server.findMany({
        orderBy: { id: 'asc' },
        select: {
          id: true,
          comment: true,
          ifbMode: true,
          maxChannels: true,
          webrtcPort: true,
          publishingMode: true,
          genlockOffset: true,
          configuration: true,
          inventoryId: true,
        },
      }),
    );
  const fieldMessages = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
  const changedEvents = (id: string) =>
    published
      .filter((p) => p.event.type === 'server.changed' && p.event.server.id === id)
      .map((p) => ({ topics: p.topics, server: (p.event as { server: ServerDetail }).server }));
  const injectFault = (serverId: string, fault: ServerFault) => {
    ctx.s.sim?.inject({ serverId, fault });
  };

  return { ctx, published, call, db, detail, snapshot, fieldMessages, changedEvents, injectFault };
}

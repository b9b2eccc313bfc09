/**
 * The server calls' stack (tests/integration/servers-*.test.ts): the real core with the real simulator
 * on server timings of a fraction of a second (a reset, an IP pipe's connection), a session per role,
 * every announcement recorded, and the calls' helpers.
 */
import { serverEndpoints, type ServerDetail, type ServerFault } from '@fleet/contracts';
import { startSimulator } from '@fleet/stack';
import { blockStack } from './block-stack.js';
import { coreCall, eventually, fleetUp, recordPublished, startTestStack, type Method, type Provider, type Published, type TestStack } from './stack.js';

export const IDS = Object.keys(serverEndpoints) as (keyof typeof serverEndpoints)[];
export const HUB = 'MMH-0001';
export const FOREIGN_HUB = 'MMH-0002';

/** The roles the calls are made as: `cookies.admin` is luc_admin's session (inventory inv-global only), and so on. */
const ROLES = { admin: 'luc_admin', superUser: 'super_user', regular: 'luc_regular', reader: 'luc_read' };

/** A stack whose simulator resets servers and connects their IP pipe quickly (the defaults take seconds). */
async function startServersStack(provider: Provider): Promise<TestStack> {
  const s = await startTestStack({ provider, simulator: false });
  const sim = startSimulator(s.app, {
    seed: 1,
    timings: { bootMs: [5, 20], initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0, telemetryIntervalMs: 100 },
    serverTimings: { resetMs: [150, 250], ipPipeConnectMs: [50, 100] },
  });
  await fleetUp(s.app, sim);
  return {
    ...s,
    sim,
    async close() {
      // The stack stops only the simulator it started itself.
      sim.stop();
      await s.close();
    },
  };
}

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, what its hub published, and the calls its tests make.
 */
export function serversStack(provider: Provider) {
  const published: Published[] = [];
  const { ctx, cookies } = blockStack(
    () => startServersStack(provider),
    ROLES,
    async (s) => {
      recordPublished(s.app, published);
      await eventually(async () => (await detail(HUB)).status === 'online');
    },
  );

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(ctx.s, method, url, cookie, payload);
  const db = () => ctx.s.app.services.db;
  const detail = async (id: string): Promise<ServerDetail> => (await call('GET', `/servers/${id}`, cookies.superUser)).json();
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

  return { ctx, cookies, published, call, db, detail, snapshot, fieldMessages, changedEvents, injectFault };
}

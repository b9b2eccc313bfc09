/**
 * Test support for software upgrades: fast upgrade timings, and a server's version set as the core
 * and its simulated device both know it.
 */
import { expect } from 'vitest';
import { eventually, type TestStack } from './stack.js';

/** Upgrades (and a server's reboot into its new version) that finish in a fraction of a second, and never fail by themselves. */
export const FAST_UPGRADE = { stepMs: 40, steps: 4, failureRate: 0 };
export const FAST_SERVER_TIMINGS = { bootMs: [20, 60] as const, upgrade: FAST_UPGRADE };

/**
 * The server at `swVersion`, online: stored, and taken by its device, which reports it back. A state
 * report of the old version already on its way may put it back, so it is set again until it holds
 * over a few polls.
 */
export async function setServerVersion(s: TestStack, id: string, swVersion: string): Promise<void> {
  const { db, readModel, servers } = s.app.services;
  const agreed = () => servers.detail(id)?.swVersion === swVersion && readModel.servers.get(id)?.swVersion === swVersion;
  for (let attempt = 0; attempt < 5 && !agreed(); attempt++) {
    await db.server.update({ where: { id }, data: { swVersion } });
    await readModel.servers.refresh([id]);
    servers.runsVersion(id, swVersion);
    let held = 0;
    await eventually(async () => (held = agreed() ? held + 1 : 0) >= 8, 3000).catch(() => false);
  }
  expect(agreed(), `${id} at ${swVersion}`).toBe(true);
  await eventually(async () => readModel.servers.get(id)?.status === 'online' && servers.liveStatus(id) === 'online', 10_000);
}

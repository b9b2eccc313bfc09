/**
 * A server's load: CPU follows the channels collecting (and an upgrade) with some noise unless a
 * fault holds it; storage fills while channels collect; both raise serverCpu / serverStorage
 * alerts above their thresholds.
 */
import { levelAbove, type AlertMonitor } from '../models/alerts.js';
import { SERVER_LOAD } from '../models/constants.js';
import type { Rng } from '../rng.js';

/** The server's load figures, stepped in place. */
export interface LoadedServer {
  cpu: number;
  storage: number;
  /** Fault: the CPU load held at a value (null: it drifts with the load). */
  readonly cpuOverride: number | null;
  readonly rng: Rng;
  readonly alerts: AlertMonitor;
  isUpgrading(): boolean;
}

/** One step of `dtMs` with `collecting` channels collecting. */
export function stepLoad(server: LoadedServer, collecting: number, dtMs: number): void {
  const L = SERVER_LOAD;
  const target = server.cpuOverride ?? L.baseCpu + L.cpuPerCollectingChannel * collecting + (server.isUpgrading() ? L.upgradeCpu : 0);
  server.cpu = clamp(server.cpu + L.cpuApproach * (target - server.cpu) + (server.cpuOverride === null ? server.rng.normal() * L.cpuNoise : 0));
  server.storage = clamp(server.storage + (L.storagePerChannelHour * collecting * dtMs) / 3_600_000);
  evaluateLoadAlerts(server);
}

export function evaluateLoadAlerts(server: Pick<LoadedServer, 'cpu' | 'storage' | 'alerts'>): void {
  const t = server.alerts.config.thresholds;
  const cpu = Math.round(server.cpu);
  const storage = Math.round(server.storage);
  server.alerts.set('serverCpu', levelAbove(cpu, t.serverCpu), `CPU ${cpu}%`, cpu);
  server.alerts.set('serverStorage', levelAbove(storage, t.serverStorage), `Storage ${storage}%`, storage);
}

function clamp(v: number): number {
  return Math.max(0, Math.min(100, v));
}

/**
 * The fuzzer's random fault schedule: what happens to a fleet, one fault or operation at a time,
 * drawn from the run's seed — everything a scenario can do to a unit (streams started with and
 * without a channel, to an unknown one, stopped; channel selections; recording, forwarding,
 * upgrades, reboots, speed tests, sending logs, video return, databridge; power cut and back, link
 * failures; autonomy) and to a server (down and back, channels forced offline, idle or collecting,
 * licences taken and given back, busy, upgrades).
 */
import type { FaultTarget, ServerFault, UnitFault } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import type { FuzzFleet } from './fleet.js';

/** Faults per simulated hour and unit (the gap between two faults shrinks with the fleet). */
export const FAULTS_PER_UNIT_HOUR = 20;

type Pick<T> = readonly (readonly [number, (rng: Rng) => T])[];

function weighted<T>(rng: Rng, table: Pick<T>): T {
  const total = table.reduce((n, [w]) => n + w, 0);
  let r = rng.next() * total;
  for (const [w, make] of table) {
    r -= w;
    if (r < 0) return make(rng);
  }
  return table[table.length - 1]![1](rng);
}

export function drawFault(rng: Rng, fleet: FuzzFleet): FaultTarget {
  const channel = (r: Rng) => (r.chance(0.1) ? `EXT-${r.int(1, 3)}` : r.pick(fleet.channelIds));
  if (rng.chance(0.12)) {
    const serverId = rng.pick(fleet.servers).serverId;
    const server = fleet.servers.find((s) => s.serverId === serverId)!;
    const ch = () => rng.pick(server.channels.length > 0 ? server.channels.map((c) => c.channelId) : fleet.channelIds);
    const fault = weighted<ServerFault>(rng, [
      [3, () => ({ type: 'serverPower', on: false })],
      [6, () => ({ type: 'serverPower', on: true })],
      [2, (r) => ({ type: 'channelStatus', channelId: ch(), status: r.pick(['offline', 'idle', 'idle', 'collecting', 'upgrading'] as const) })],
      [2, (r) => ({ type: 'channelLicense', channelId: ch(), licensed: r.chance(0.6) })],
      [1, (r) => ({ type: 'serverBusy', busy: r.chance(0.4) })],
      [1, () => ({ type: 'serverUpgrade', target: '10.2' })],
    ]);
    return { serverId, fault };
  }
  const unitId = rng.pick(fleet.devices).unitId;
  const fault = weighted<UnitFault>(rng, [
    [6, (r) => ({ type: 'stream', start: true, channelId: channel(r) })],
    [4, () => ({ type: 'stream', start: true })],
    [6, () => ({ type: 'stream', start: false })],
    [3, (r) => ({ type: 'selectChannel', channelId: channel(r) })],
    [2, (r) => ({ type: 'record', start: r.chance(0.6) })],
    [2, (r) => ({ type: 'forward', start: r.chance(0.6) })],
    [1, () => ({ type: 'upgrade', target: '8.5' })],
    [2, () => ({ type: 'reboot' })],
    [2, (r) => ({ type: 'speedTest', start: r.chance(0.7) })],
    [2, () => ({ type: 'power', on: false })],
    [3, () => ({ type: 'power', on: true })],
    [2, (r) => ({ type: r.chance(0.5) ? 'modemFail' : 'modemRecover', modem: r.int(1, 2) })],
    [1, (r) => ({ type: 'fetchLogs', channelId: r.pick(fleet.channelIds) })],
    [2, (r) => ({ type: 'app', app: r.pick(['videoReturn', 'databridge', 'multiCamera'] as const), start: r.chance(0.6) })],
    [1, (r) => ({ type: 'camera', connected: r.chance(0.8) })],
    [3, () => ({ type: 'autonomy' })],
  ]);
  return { unitId, fault };
}

/** One line for a fault (a run's recent history). */
export function describeFault(at: number, f: FaultTarget): string {
  const who = 'unitId' in f ? f.unitId : f.serverId;
  return `${(at / 1000).toFixed(1)}s ${who} ${JSON.stringify(f.fault)}`;
}

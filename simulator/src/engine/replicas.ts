/**
 * This shard's replica of every server (with its channels and video return channels): every shard
 * keeps one of each, and the servers the core says this shard owns report their periodic state.
 * Server commands are answered on the replica, faults applied to it, and a reset rebuilds them.
 */
import type { CoreToDevice, DeviceToCore, ServerFault, ServerSpec } from '@fleet/contracts';
import { respondToServer } from '../reactions/server-commands.js';
import { applyServerFault } from '../reactions/server-faults.js';
import { ServerDevice } from '../server-device.js';
import type { Injected, ShardContext } from './context.js';

export class ServerReplicas {
  /** The last assignment, kept so a reset can rebuild the replicas. */
  specs: ServerSpec[] = [];
  private owned = new Set<string>();

  constructor(private readonly ctx: ShardContext) {}

  /** Keep the assignment without acting on it (a muted shard, for when its replay ends). */
  keep(servers: ServerSpec[], owned: string[]): void {
    this.specs = servers;
    this.owned = new Set(owned);
  }

  /** Every shard keeps a replica of every server; `owned` ones report their periodic state. */
  assign(servers: ServerSpec[], owned: string[]): void {
    this.keep(servers, owned);
    const keep: ServerDevice[] = [];
    for (const spec of servers) {
      const existing = this.ctx.world.server(spec.serverId);
      const owner = this.owned.has(spec.serverId);
      if (existing) {
        const wasOwner = existing.owner;
        existing.owner = owner;
        existing.updateSpec(spec);
        keep.push(existing);
        if (owner && !wasOwner) existing.start();
      } else {
        const s = this.create(spec, owner);
        keep.push(s);
        s.start();
      }
    }
    this.ctx.world.replace(keep);
  }

  /** New replicas of the last assignment (a reset), on the current clock and seed. */
  rebuild(): void {
    const servers = this.specs.map((spec) => this.create(spec, this.owned.has(spec.serverId)));
    this.ctx.world.replace(servers);
    for (const s of servers) s.start();
  }

  answer(m: Extract<CoreToDevice, { kind: 'serverCommand' }>): DeviceToCore {
    const server = this.ctx.world.server(m.serverId);
    return server ? respondToServer(server, m.commandId, m.command) : { kind: 'ack', commandId: m.commandId, ok: false, error: 'NOT_FOUND' };
  }

  inject(serverId: string, fault: ServerFault): Injected {
    const s = this.ctx.world.server(serverId);
    if (!s) return { applied: false };
    const r = applyServerFault(s, fault);
    return r.ok ? { applied: true } : { applied: true, error: r.error };
  }

  private create(spec: ServerSpec, owner: boolean): ServerDevice {
    const { ctx } = this;
    const rng = ctx.seedRng.fork(`server:${spec.serverId}`);
    return new ServerDevice(spec, ctx.clock, rng, ctx.serverTimings, ctx.alertConfig, (e) => ctx.send({ kind: 'event', event: e, at: ctx.clock.now() }), owner);
  }
}

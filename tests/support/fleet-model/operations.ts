/**
 * The model's operations as fast-check commands: each acts on the real system (REST, a unit
 * command, a simulator fault), advances the clock, checks every invariant, and records itself as a
 * scenario step; {@link modelCommands} draws sequences of them.
 */
import fc from 'fast-check';
import { ERROR_CATALOGUE, type FaultTarget, type ServerFault, type UnitDetail, type UnitFault } from '@fleet/contracts';
import { describeViolation } from '@fleet/simulator';
import { MODEL_CHANNELS, MODEL_SERVERS, MODEL_UNITS } from './fleet.js';
import { isCatalogueRefusal, predictStart, type Answer } from './predict.js';
import type { FleetRun } from './run.js';

type Real = FleetRun;
type Model = { steps: number };

abstract class Op implements fc.AsyncCommand<Model, Real> {
  constructor(readonly waitMs: number) {}
  check(): boolean {
    return true;
  }
  abstract act(r: Real): Promise<string | null>;
  abstract toString(): string;

  async run(m: Model, r: Real): Promise<void> {
    m.steps++;
    const problem = await this.act(r);
    await r.advance(this.waitMs);
    const found = (await r.check()).map(describeViolation);
    if (problem) found.unshift(problem);
    if (found.length > 0) throw new Error(`after ${this.toString()} (step ${m.steps}):\n  ${found.join('\n  ')}`);
  }

  /** A REST call whose answer is checked against `want` (else: 2xx, or a refusal with a catalogue code and text). */
  protected async call(
    r: Real,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    want: Answer | null,
  ): Promise<{ problem: string | null; res: { status: number; json: unknown } }> {
    const at = r.elapsed();
    const res = await r.rest(method, path, body);
    const code = (res.json as { error?: { code?: string } } | null)?.error?.code;
    const expected = want ?? { status: res.status, ...(code ? { code } : {}) };
    r.record(
      {
        do: 'request',
        at,
        method,
        path,
        ...(body !== undefined ? { body } : {}),
        expect: { status: expected.status, ...(expected.code ? { code: expected.code } : {}) },
      },
      this.toString(),
    );
    if (want) {
      if (res.status !== want.status || (want.code !== undefined && code !== want.code)) {
        return {
          problem: `[command-answer] ${method} ${path} ${JSON.stringify(body ?? {})} answered ${res.status}${code ? ` ${code}` : ''}; the fleet's state says ${want.status}${want.code ? ` ${want.code}` : ''}`,
          res,
        };
      }
      return { problem: null, res };
    }
    if (res.status >= 200 && res.status < 300) return { problem: null, res };
    if (!isCatalogueRefusal(res.status, res.json))
      return { problem: `[command-answer] ${method} ${path} answered ${res.status} without a catalogue error: ${JSON.stringify(res.json)}`, res };
    return { problem: null, res };
  }

  /** A simulator-side fault or operation (applied at once by the shard). */
  protected fault(r: Real, target: FaultTarget): string | null {
    const at = r.elapsed();
    const out = r.env.engine.inject(target);
    const refusedWith = out.error;
    if ('unitId' in target) r.record({ do: 'fault', at, unitId: target.unitId, fault: target.fault, ...(refusedWith ? { refusedWith } : {}) }, this.toString());
    else r.record({ do: 'serverFault', at, serverId: target.serverId, fault: target.fault, ...(refusedWith ? { refusedWith } : {}) }, this.toString());
    if (refusedWith && !(refusedWith in ERROR_CATALOGUE)) return `[command-answer] ${this.toString()} refused with ${refusedWith}, no catalogue code`;
    return null;
  }
}

export class StartStream extends Op {
  constructor(
    readonly unitId: string,
    readonly channelId: string | null,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const detail = (await r.rest('GET', `/v2/units/${this.unitId}`)).json as UnitDetail;
    const want = predictStart(r.env.engine, this.unitId, this.channelId, {
      licenceValid: detail.licenseValid,
      selectedChannelId: detail.selectedChannel.channelId,
    });
    const body = this.channelId ? { channelId: this.channelId } : undefined;
    const { problem, res } = await this.call(r, 'POST', `/v2/units/${this.unitId}/stream`, body, want);
    if (res.status === 200) r.ledger.streamAccepted(this.unitId, this.channelId, r.env.engine.clock.now(), this.toString());
    return problem;
  }
  toString(): string {
    return `POST v2/units/${this.unitId}/stream${this.channelId ? ` {channelId: ${this.channelId}}` : ''} +${this.waitMs}ms`;
  }
}

export class StopStream extends Op {
  constructor(
    readonly unitId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    r.ledger.release(this.unitId);
    const online = r.env.engine.device(this.unitId)?.online === true;
    return (await this.call(r, 'DELETE', `/v2/units/${this.unitId}/stream`, undefined, online ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' }))
      .problem;
  }
  toString(): string {
    return `DELETE v2/units/${this.unitId}/stream +${this.waitMs}ms`;
  }
}

/** A unit command (select a channel, reboot, speed test). */
export class UnitCommandOp extends Op {
  constructor(
    readonly unitId: string,
    readonly command: 'setVirtualChannel' | 'reboot' | 'speedTest',
    readonly channelId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    if (this.command === 'reboot') r.ledger.release(this.unitId);
    const body = this.command === 'reboot' ? {} : { channelId: this.channelId };
    return (await this.call(r, 'POST', `/devices/${this.unitId}/commands/${this.command}`, body, null)).problem;
  }
  toString(): string {
    return `${this.command} ${this.unitId}${this.command === 'reboot' ? '' : ` ${this.channelId}`} +${this.waitMs}ms`;
  }
}

/** Upload one of the unit's recorded files (POST v2/units/{id}/storages/files/upload): sent while `forward` runs. */
export class UploadFile extends Op {
  constructor(
    readonly unitId: string,
    readonly nth: number,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const files = await r.env.app.services.db.file.findMany({
      where: { unitId: this.unitId, kind: 'recorded' },
      orderBy: { path: 'asc' },
      select: { path: true },
    });
    const file = files[this.nth % Math.max(1, files.length)];
    if (!file) return null;
    return (await this.call(r, 'POST', `/v2/units/${this.unitId}/storages/files/upload`, { paths: [file.path] }, null)).problem;
  }
  toString(): string {
    return `upload recorded file #${this.nth} of ${this.unitId} +${this.waitMs}ms`;
  }
}

/** A channel configuration change: refused ("The channel is busy…") while the channel collects. */
export class ChannelConfig extends Op {
  constructor(
    readonly channelId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const c = [...r.env.engine.servers()].map((s) => s.channels.get(this.channelId)).find((x) => x !== undefined);
    const want: Answer | null = c?.status === 'collecting' ? { status: 409, code: 'CHANNEL_BUSY' } : null;
    return (await this.call(r, 'PUT', `/channels/${this.channelId}/ffmpeg`, { enabled: true, override: '-c:v libx264' }, want)).problem;
  }
  toString(): string {
    return `PUT channels/${this.channelId}/ffmpeg +${this.waitMs}ms`;
  }
}

export class UnitFaultOp extends Op {
  constructor(
    readonly unitId: string,
    readonly f: UnitFault,
    waitMs: number,
  ) {
    super(waitMs);
  }
  act(r: Real): Promise<string | null> {
    if (this.f.type === 'power' || this.f.type === 'upgrade' || this.f.type === 'reboot') r.ledger.release(this.unitId);
    return Promise.resolve(this.fault(r, { unitId: this.unitId, fault: this.f }));
  }
  toString(): string {
    return `fault ${this.unitId} ${JSON.stringify(this.f)} +${this.waitMs}ms`;
  }
}

export class ServerFaultOp extends Op {
  constructor(
    readonly serverId: string,
    readonly f: ServerFault,
    waitMs: number,
  ) {
    super(waitMs);
  }
  act(r: Real): Promise<string | null> {
    const truth = r.truth();
    if (this.f.type === 'serverPower' && !this.f.on)
      for (const c of truth.channels) if (c.serverId === this.serverId) r.ledger.releaseChannel(c.channelId, truth);
    if (this.f.type === 'channelStatus') r.ledger.releaseChannel(this.f.channelId, truth);
    return Promise.resolve(this.fault(r, { serverId: this.serverId, fault: this.f }));
  }
  toString(): string {
    return `serverFault ${this.serverId} ${JSON.stringify(this.f)} +${this.waitMs}ms`;
  }
}

/** The operations, as fast-check draws them. */
export function modelCommands(maxCommands: number) {
  const unit = fc.constantFrom(...MODEL_UNITS);
  const channel = fc.constantFrom(...MODEL_CHANNELS);
  const wait = fc.constantFrom(0, 500, 1500, 3000, 6000);
  const channelOf = (serverId: string) => fc.constantFrom(...MODEL_CHANNELS.filter((c) => c.startsWith(serverId)));
  return fc.commands(
    [
      fc.tuple(unit, fc.option(channel, { nil: null }), wait).map(([u, c, w]) => new StartStream(u, c, w)),
      fc.tuple(unit, channel, wait).map(([u, c, w]) => new StartStream(u, c, w)),
      fc.tuple(unit, wait).map(([u, w]) => new StopStream(u, w)),
      fc
        .tuple(unit, fc.constantFrom('setVirtualChannel', 'reboot', 'speedTest') as fc.Arbitrary<'setVirtualChannel' | 'reboot' | 'speedTest'>, channel, wait)
        .map(([u, k, c, w]) => new UnitCommandOp(u, k, c, w)),
      fc.tuple(channel, wait).map(([c, w]) => new ChannelConfig(c, w)),
      fc.tuple(fc.constantFrom('LU800-0001', 'LU800-0003', 'LU300-0001'), fc.nat(4), wait).map(([u, n, w]) => new UploadFile(u, n, w)),
      fc
        .tuple(
          unit,
          fc.constantFrom<UnitFault>(
            { type: 'record', start: true },
            { type: 'record', start: false },
            { type: 'forward', start: true },
            { type: 'forward', start: false },
            { type: 'upgrade', target: '8.5' },
            { type: 'power', on: false },
            { type: 'power', on: true },
            { type: 'modemFail', modem: 1 },
            { type: 'modemRecover', modem: 1 },
            { type: 'autonomy' },
          ),
          wait,
        )
        .map(([u, f, w]) => new UnitFaultOp(u, f, w)),
      fc.constantFrom(...MODEL_SERVERS).chain((s) =>
        fc
          .tuple(
            fc.oneof(
              fc.constantFrom<ServerFault>({ type: 'serverPower', on: false }, { type: 'serverPower', on: true }),
              channelOf(s).chain((c) =>
                fc.constantFrom<ServerFault>(
                  { type: 'channelStatus', channelId: c, status: 'offline' },
                  { type: 'channelStatus', channelId: c, status: 'idle' },
                  { type: 'channelLicense', channelId: c, licensed: false },
                  { type: 'channelLicense', channelId: c, licensed: true },
                ),
              ),
            ),
            wait,
          )
          .map(([f, w]) => new ServerFaultOp(s, f, w)),
      ),
    ],
    { maxCommands },
  );
}

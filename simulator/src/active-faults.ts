/**
 * The faults the control plane injected that are still in effect, and how each is undone: what the
 * Simulator panel lists, with "Clear" and "Clear all" (`faults` / `faultClear` control requests).
 *
 * A fault here puts one part of a device out of its normal state (a modem's network, the power, the
 * camera, a channel's licence...). Each part has one entry: a later fault on the same part replaces
 * it, and a fault that returns the part to normal (a modem recovering, power on) drops it, whoever
 * applied it (the control plane, a scenario, a demo's timeline). Operations (stream, record,
 * reboot, move...) and settings that have no normal value (battery level, CPU load, storage fill)
 * are applied and not listed: nothing would undo them. A reset forgets every entry (the fleet
 * restarts from its seed, every part normal).
 */
import type { ActiveFault, FaultTarget, ServerFault, UnitFault } from '@fleet/contracts';

/** The part a fault acts on, its normal state (the fault that restores it), and whether this fault is that state. */
interface PartState<F> {
  readonly part: string;
  readonly normal: F;
  readonly isNormal: boolean;
}

type Of<U, K> = Extract<U, { type: K }>;
type Rules<U extends { type: string }> = { [K in U['type']]?: (f: Of<U, K>) => PartState<U> };

const UNIT_RULES: Rules<UnitFault> = {
  modemFail: (f) => ({ part: `modem:${f.modem}:network`, normal: { type: 'modemRecover', modem: f.modem }, isNormal: false }),
  modemRecover: (f) => ({ part: `modem:${f.modem}:network`, normal: f, isNormal: true }),
  modemEnable: (f) => ({ part: `modem:${f.modem}:enabled`, normal: { ...f, enabled: true }, isNormal: f.enabled }),
  modemSignal: (f) => ({ part: `modem:${f.modem}:signal`, normal: { ...f, factor: 1 }, isNormal: f.factor === 1 }),
  modemRoaming: (f) => ({ part: `modem:${f.modem}:roaming`, normal: { ...f, roaming: false }, isNormal: !f.roaming }),
  bitrateDrop: (f) => ({ part: 'bitrate', normal: { type: 'bitrateRestore' }, isNormal: f.factor === 1 }),
  bitrateRestore: (f) => ({ part: 'bitrate', normal: f, isNormal: true }),
  camera: (f) => ({ part: 'camera', normal: { ...f, connected: true }, isNormal: f.connected }),
  power: (f) => ({ part: 'power', normal: { ...f, on: true }, isNormal: f.on }),
  unresponsive: (f) => ({ part: 'unresponsive', normal: { ...f, on: false }, isNormal: !f.on }),
  sdCard: (f) => ({ part: 'sdCard', normal: { ...f, present: true }, isNormal: f.present }),
  uploadFailure: (f) => ({ part: 'uploadFailure', normal: { ...f, mode: 'none' }, isNormal: f.mode === 'none' }),
  uploadStall: (f) => ({ part: 'uploadStall', normal: { ...f, on: false }, isNormal: !f.on }),
  upgradeOutcome: (f) => ({ part: 'upgradeOutcome', normal: { ...f, code: null }, isNormal: f.code === null }),
  scanFailure: (f) => ({ part: 'scanFailure', normal: { ...f, on: false }, isNormal: !f.on }),
};

const SERVER_RULES: Rules<ServerFault> = {
  serverPower: (f) => ({ part: 'power', normal: { ...f, on: true }, isNormal: f.on }),
  serverBusy: (f) => ({ part: 'busy', normal: { ...f, busy: false }, isNormal: !f.busy }),
  serverUpgradeOutcome: (f) => ({ part: 'upgradeOutcome', normal: { ...f, code: null }, isNormal: f.code === null }),
  channelLicense: (f) => ({ part: `channel:${f.channelId}:licence`, normal: { ...f, licensed: true }, isNormal: f.licensed }),
  vrInput: (f) => ({ part: `vrChannel:${f.vrChannelId}:input`, normal: { ...f, connected: true }, isNormal: f.connected }),
  ptmpReceiver: (f) => ({ part: `channel:${f.channelId}:receiver:${f.uid}`, normal: { ...f, lost: false }, isNormal: !f.lost }),
  certificateDeletion: (f) => ({ part: 'certificateDeletion', normal: { ...f, fails: false }, isNormal: !f.fails }),
  interfaceHw: (f) => ({ part: `hw:${f.hw}`, normal: { ...f, connected: true }, isNormal: f.connected }),
};

/** The rule of one fault kind, typed by its union (a kind without a rule is not tracked). */
function ruleOf<U extends { type: string }>(rules: Rules<U>, fault: U): PartState<U> | null {
  const rule = rules[fault.type as U['type']] as ((f: U) => PartState<U>) | undefined;
  return rule ? rule(fault) : null;
}

/** The entry id of a fault's part and the target that restores it; null for what is not tracked. */
export function partOf(target: FaultTarget): { id: string; restore: FaultTarget; isNormal: boolean } | null {
  if ('unitId' in target) {
    const s = ruleOf(UNIT_RULES, target.fault);
    return s && { id: `unit:${target.unitId}:${s.part}`, restore: { unitId: target.unitId, fault: s.normal }, isNormal: s.isNormal };
  }
  const s = ruleOf(SERVER_RULES, target.fault);
  return s && { id: `server:${target.serverId}:${s.part}`, restore: { serverId: target.serverId, fault: s.normal }, isNormal: s.isNormal };
}

export class ActiveFaults {
  readonly #entries = new Map<string, { fault: ActiveFault; restore: FaultTarget }>();

  /** The control plane injected (and the device applied) `target` at simulated time `at`. */
  record(target: FaultTarget, at: number): void {
    const part = partOf(target);
    if (!part) return;
    if (part.isNormal) this.#entries.delete(part.id);
    else this.#entries.set(part.id, { fault: { id: part.id, target, since: at }, restore: part.restore });
  }

  /** A fault was applied by anyone: one that returns its part to normal ends the entry. */
  observe(target: FaultTarget): void {
    const part = partOf(target);
    if (part?.isNormal) this.#entries.delete(part.id);
  }

  /** Oldest first. */
  list(): ActiveFault[] {
    return [...this.#entries.values()].map((e) => e.fault).sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  }

  /** What undoes one entry (by id) or every one; applying each ends its entry (observe). */
  restores(id?: string): { id: string; restore: FaultTarget }[] {
    const entries = id === undefined ? [...this.#entries.values()] : [this.#entries.get(id)].filter((e) => e !== undefined);
    return entries.map((e) => ({ id: e.fault.id, restore: e.restore }));
  }

  /** Forget one entry (its device is gone: nothing is left to undo). */
  drop(id: string): void {
    this.#entries.delete(id);
  }

  /** A reset: every part is normal again. */
  forget(): void {
    this.#entries.clear();
  }
}

/**
 * One fuzzer run: a whole simulated fleet (fleet.ts) on a stepped clock at full speed, with a random
 * fault schedule drawn from the seed (faults.ts), for a number of simulated hours; every simulated
 * second the fleet invariants are checked over the simulator's truth and over what the shard
 * reported, folded as a core folds it. The first second that breaks any ends the run with what
 * broke and the faults that led there. The same seed, hours and fleet give the same run.
 *
 * Telemetry is stepped once a simulated minute (the invariants do not read it; the spec's 5 s
 * graph refresh would only cost time); everything else runs at the default timings, outages,
 * link drops and a 30 % share of autonomous units included.
 */
import type { DeviceCommand, DeviceToCore, FaultTarget } from '@fleet/contracts';
import { respond } from '../reactions/index.js';
import { Engine } from '../engine.js';
import { compareReadModel, ReportFold } from '../invariants/core.js';
import { checkFleet, readFleet, type Violation } from '../invariants/fleet.js';
import { Rng } from '../rng.js';
import { describeFault, drawFault, FAULTS_PER_UNIT_HOUR } from './faults.js';
import { fuzzFleet } from './fleet.js';

export const FUZZ_START_AT = Date.UTC(2030, 0, 1);

export interface FuzzOptions {
  seed: number;
  /** Simulated hours. */
  hours: number;
  units: number;
  /** Telemetry interval (simulated ms). */
  telemetryMs?: number;
  /** How often the invariants are checked (simulated ms). */
  checkEveryMs?: number;
  /** Faults per simulated hour and unit. */
  faultRate?: number;
}

export interface FuzzResult {
  seed: number;
  units: number;
  /** Simulated ms run (less than asked when a violation ended the run). */
  simulatedMs: number;
  unitHours: number;
  wallMs: number;
  faults: number;
  checks: number;
  /** The invariants broken at the first second that broke any (empty: none). */
  violations: Violation[];
  /** Simulated ms from the start at which they were found. */
  violatedAt: number | null;
  /** The last faults applied before it (oldest first). */
  recentFaults: string[];
}

const RECENT = 12;
/** The share of the schedule that is a person's command or a licence change rather than a fault. */
const PERSON_SHARE = 0.2;

/** A person starts or stops a unit's stream through the core (the gateway command), or the core changes its video licence. */
function personAct(engine: Engine, rng: Rng, unitId: string): string {
  const d = engine.device(unitId);
  if (!d) return `${unitId} (not here)`;
  const roll = rng.next();
  if (roll < 0.1) {
    const licensed = rng.chance(0.5);
    d.stream.setLicensed(licensed);
    return `${unitId} licence ${licensed ? 'valid' : 'invalid'}`;
  }
  const command: DeviceCommand = roll < 0.55 ? { type: 'stopStream' } : { type: 'startStream', channelId: null };
  const ack = respond(d, `fuzz-${unitId}`, command);
  return `${unitId} person ${command.type} → ${ack.ok ? 'ok' : ack.error}`;
}

export function runFuzz(o: FuzzOptions): FuzzResult {
  const t0 = performance.now();
  const fleet = fuzzFleet(o.units);
  const fold = new ReportFold();
  const engine = new Engine({
    seed: o.seed,
    clock: { kind: 'stepped' },
    startAt: FUZZ_START_AT,
    timings: { autonomyShare: 0.3, telemetryIntervalMs: o.telemetryMs ?? 60_000 },
    onEmit: (m: DeviceToCore) => fold.apply(m),
  });
  engine.run(fleet.devices, fleet.servers);
  const clock = engine.clock;
  const rng = new Rng(o.seed).fork('fuzz-faults');
  const recent: string[] = [];
  let faults = 0;
  const meanGapMs = 3_600_000 / Math.max(1, (o.faultRate ?? FAULTS_PER_UNIT_HOUR) * o.units);
  const next = () => {
    clock.after(-Math.log(1 - rng.next()) * meanGapMs, () => {
      faults++;
      // Now and then a person's command (as the core sends it) or a licence the core changes, else a fault.
      if (rng.chance(PERSON_SHARE)) {
        const line = personAct(engine, rng, fleet.devices[rng.int(0, fleet.devices.length - 1)]!.unitId);
        recent.push(`${((clock.now() - FUZZ_START_AT) / 1000).toFixed(1)}s ${line}`);
        if (recent.length > RECENT) recent.shift();
        return next();
      }
      const f: FaultTarget = drawFault(rng, fleet);
      engine.inject(f);
      recent.push(describeFault(clock.now() - FUZZ_START_AT, f));
      if (recent.length > RECENT) recent.shift();
      next();
    });
  };
  next();

  const total = Math.round(o.hours * 3_600_000);
  const every = o.checkEveryMs ?? 1000;
  let simulated = 0;
  let checks = 0;
  let violations: Violation[] = [];
  while (simulated < total) {
    const step = Math.min(every, total - simulated);
    clock.advance(step);
    simulated += step;
    const truth = readFleet(engine.units(), engine.servers(), clock.now());
    checks++;
    violations = checkFleet(truth);
    if (violations.length === 0) violations = compareReadModel(truth, fold.view);
    if (violations.length > 0) break;
  }
  engine.stop();
  return {
    seed: o.seed,
    units: o.units,
    simulatedMs: simulated,
    unitHours: (simulated / 3_600_000) * o.units,
    wallMs: performance.now() - t0,
    faults,
    checks,
    violations,
    violatedAt: violations.length > 0 ? simulated : null,
    recentFaults: [...recent],
  };
}

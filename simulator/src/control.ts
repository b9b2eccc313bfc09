/**
 * The control plane's requests as a shard answers them (the core forwards them from tRPC and drives
 * replays with them): faults (and the active ones listed and cleared), the clock, a reset, scenarios and their library, replays, the fleet
 * check and demo presets. Every answer is the shard's status, with what the request adds.
 */
import type {
  ClockModeInput,
  DemoPresetFile,
  FaultTarget,
  ReplayEntry,
  ScenarioFile,
  ShardControlRequest,
  ShardFleetCheck,
  ShardStatus,
} from '@fleet/contracts';
import type { ActiveFaults } from './active-faults.js';
import type { SimClock } from './clock.js';
import { loadDemoPreset } from './demo/presets.js';
import { loadLibrary } from './scenarios/library.js';

/** What a control request steers: the engine (engine.ts), seen through the calls the requests make. */
export interface ControlTarget {
  readonly seed: number;
  readonly clock: SimClock;
  readonly activeFaults: ActiveFaults;
  status(): ShardStatus;
  inject(target: FaultTarget): { applied: boolean; error?: string };
  /** A unit's telemetry report at once (after a fault from the control plane: seen without waiting a step). */
  reportNow(target: FaultTarget): void;
  reset(seed: number, startAt?: number): void;
  /** A step of the stepped clock (engine.ts): over when this returns, or going on in slices. */
  startStep(ms: number): { error?: string };
  cancelStep(): boolean;
  endPlayingReplay(): boolean;
  startScenario(file: ScenarioFile, reset?: { startAt?: number | undefined }): unknown;
  stopScenario(): void;
  loadReplay(replayId: string, entries: readonly ReplayEntry[]): void;
  startReplay(replayId: string, startAt: number, mode: ClockModeInput): { error?: 'REPLAY_NOT_LOADED' };
  stopReplay(): void;
  fleetCheck(): ShardFleetCheck;
  startDemo(preset: DemoPresetFile, reset?: { startAt?: number | undefined }): void;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function answerControl(engine: ControlTarget, req: ShardControlRequest): ShardStatus {
  switch (req.op) {
    case 'status':
      return engine.status();
    case 'fault': {
      const r = engine.inject(req.target);
      if (r.applied && !r.error) {
        engine.activeFaults.record(req.target, engine.clock.now());
        engine.reportNow(req.target);
      }
      return { ...engine.status(), applied: r.applied, ...(r.error ? { error: r.error } : {}) };
    }
    case 'faults':
      return { ...engine.status(), faults: engine.activeFaults.list() };
    case 'faultClear': {
      // Each restore is applied as any fault is, and ends its entry (ActiveFaults.observe).
      const restores = engine.activeFaults.restores(req.id);
      for (const { id, restore } of restores) {
        if (engine.inject(restore).applied) engine.reportNow(restore);
        else engine.activeFaults.drop(id);
      }
      return { ...engine.status(), cleared: restores.map((r) => r.id), faults: engine.activeFaults.list() };
    }
    case 'clock': {
      if (req.clock.mode) engine.clock.setMode(req.clock.mode);
      if (req.clock.advanceMs !== undefined) {
        const { error } = engine.startStep(req.clock.advanceMs);
        if (error) return { ...engine.status(), error };
      }
      return engine.status();
    }
    case 'clockCancel':
      engine.cancelStep();
      return engine.status();
    case 'reset':
      // A replay loaded but not started stays (the core may reset the fleet before starting it).
      engine.endPlayingReplay();
      engine.stopScenario();
      engine.reset(req.seed, req.startAt);
      return engine.status();
    case 'scenarioStart':
      if (engine.endPlayingReplay() && !req.reset) engine.reset(engine.seed, engine.clock.now());
      engine.startScenario(req.scenario, req.reset ? { startAt: req.startAt } : undefined);
      return engine.status();
    case 'scenarioStop':
      engine.stopScenario();
      return engine.status();
    case 'scenarioLibrary':
      try {
        return { ...engine.status(), library: loadLibrary() };
      } catch (e) {
        return { ...engine.status(), error: message(e) };
      }
    case 'replayLoad':
      engine.loadReplay(req.replayId, req.entries);
      return engine.status();
    case 'replayStart': {
      const { error } = engine.startReplay(req.replayId, req.startAt, req.clock);
      return error ? { ...engine.status(), error } : engine.status();
    }
    case 'replayStop':
      engine.stopReplay();
      return engine.status();
    case 'fleetCheck':
      return { ...engine.status(), fleet: engine.fleetCheck() };
    case 'demo':
      try {
        engine.startDemo(loadDemoPreset(req.preset), req.reset ? { startAt: req.startAt } : undefined);
        return engine.status();
      } catch (e) {
        return { ...engine.status(), error: message(e) };
      }
  }
}

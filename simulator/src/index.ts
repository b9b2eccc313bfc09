export { Engine, DEFAULT_TICK_SLICES, type EngineOptions } from './engine.js';
export {
  DEFAULT_TIMINGS,
  DEFAULT_SERVER_TIMINGS,
  DEFAULT_STORAGE_OPTIONS,
  DEFAULT_UPGRADE_TIMINGS,
  type DeviceTimings,
  type ServerTimings,
} from './timings.js';
export { SimClock, type ClockMode } from './clock.js';
export { Rng } from './rng.js';
export { UnitDevice } from './device.js';
export type { UnitSettings, UnitSnapshot } from './unit/state.js';
export { ServerDevice } from './server-device.js';
export { createInProcessLink } from './link.js';
export { connectShard, SHARD_EAGER_FRAME_CHARS } from './ws-shard.js';
export { DEFAULT_ALERT_THRESHOLDS, type AlertThresholds } from './models/alerts.js';
export { runScenario, stepLabel, type RunnerOptions, type ScenarioResult, type StepResult } from './scenarios/runner.js';
export { toJUnit, xmlEscape, type JUnitRun } from './scenarios/junit.js';
export { loadLibrary, loadScenarioFile, SCENARIO_DIR } from './scenarios/library.js';
export { DEMO_DIR, loadDemoPreset, loadDemoPresets } from './demo/presets.js';
export { deviceSteps } from './scenarios/timeline.js';
export { checkCore, checkUnit } from './scenarios/expect.js';
export { CoreClient, ControlPlaneError } from './scenarios/client.js';
export {
  checkDerived,
  checkFleet,
  compareReadModel,
  compareViews,
  CommandLedger,
  describeViolation,
  emptyCoreView,
  readFleet,
  ReportFold,
  unitStatusOf,
  type ChannelListAnswer,
  type CoreView,
  type FleetTruth,
  type UnitStatusEventSeen,
  type Violation,
} from './invariants/index.js';
export { runFuzz, type FuzzOptions, type FuzzResult } from './fuzz/run.js';

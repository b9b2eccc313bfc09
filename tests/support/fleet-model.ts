/**
 * Model-based tests of the simulated fleet with the core in the loop (tests/integration/
 * fleet-model.test.ts): fast-check draws sequences of operations — streams started with and
 * without a channel and stopped (REST), channel selections, reboots and speed tests (unit
 * commands), channel configuration and uploads (REST), recording, forwarding, upgrades, power cuts, link
 * failures and autonomy (the simulator's faults), servers down and back, channels forced and
 * relicensed — and runs them on the stepped clock against a real core. After every operation the
 * clock advances, the core settles, and every fleet invariant is checked: the simulator's own, the
 * core's read model over REST and as /ws folds it, derived counters and group statuses, and that
 * each accepted start took effect. A stream start's answer is predicted from the simulator's truth
 * (the model) and must be the one predicted; any other answer must be 2xx or a catalogue error.
 *
 * A failing sequence shrinks to the shortest that still fails and is written as a scenario file
 * (simulator/scenarios/regressions/): its steps and the answers the model predicts, an
 * `expectFleet` check after each, so it runs with the scenario library from then on.
 *
 * The parts, under fleet-model/: fleet.ts (the units, channels and servers drawn from), run.ts (the
 * real system and the checks), predict.ts (answers from the simulator's truth), operations.ts (the
 * commands fast-check draws), regression.ts (a failure as a scenario file).
 */
export { MODEL_CHANNELS, MODEL_SERVERS, MODEL_UNITS, type ModelEnv } from './fleet-model/fleet.js';
export { FleetRun } from './fleet-model/run.js';
export { predictStart } from './fleet-model/predict.js';
export { ChannelConfig, modelCommands, ServerFaultOp, StartStream, StopStream, UnitCommandOp, UnitFaultOp, UploadFile } from './fleet-model/operations.js';
export { regressionScenario } from './fleet-model/regression.js';

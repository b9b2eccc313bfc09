export { buildApp, type BuildAppOptions } from './app.js';
export { loadConfig, ConfigSchema, type Config } from './env.js';
export { systemClock, TestClock, type Clock, type ClockTimer } from './platform/clock.js';
export { handlers } from './routes/bindings.js';
export type { AppRouter } from './mock/control-plane.js';
export type { Services } from './services.js';
export { serveUntilSignal } from './serve.js';
export { exitOnUnsafeSecrets, unsafeSecrets, EXIT_UNSAFE_CONFIG } from './start-checks.js';
export { useScenarioRunner, type ScenarioRunnerPort } from './mock/scenario-runs.js';

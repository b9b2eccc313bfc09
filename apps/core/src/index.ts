export { buildApp, type BuildAppOptions } from './app.js';
export { loadConfig, ConfigSchema, type Config } from './env.js';
export { systemClock, TestClock, type Clock, type ClockTimer } from './platform/clock.js';
export { handlers } from './routes/bindings.js';
export type { AppRouter } from './trpc/router.js';
export type { Services } from './services/index.js';
export { serveUntilSignal } from './serve.js';
export { exitOnUnsafeSecrets, unsafeSecrets, EXIT_UNSAFE_CONFIG } from './start-checks.js';

export { Engine, DEFAULT_TIMINGS, type EngineOptions } from './engine.js';
export { SimClock, type ClockMode } from './clock.js';
export { Rng } from './rng.js';
export { UnitDevice, type DeviceTimings } from './device.js';
export { createInProcessLink } from './link.js';
export { connectShard } from './ws-shard.js';

/**
 * @fleet/domain: pure business rules of the spec (no I/O, no clock, no randomness). Imports only
 * @fleet/contracts. Used by the core, the simulator and the console alike. Also the demo fleet's
 * gazetteer (places.ts), which the seed and the simulator share.
 */
export * from './unit-status.js';
export * from './channel.js';
export * from './video-return.js';
export * from './version.js';
export * from './battery.js';
export * from './bitrate.js';
export * from './bandwidth.js';
export * from './delay.js';
export * from './modem.js';
export * from './names.js';
export * from './unit-config.js';
export * from './service-state.js';
export * from './share-folders.js';
export * from './ifb.js';
export * from './places.js';

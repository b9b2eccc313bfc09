export * from './enums.js';
export * from './constants.js';
export * from './messages.js';

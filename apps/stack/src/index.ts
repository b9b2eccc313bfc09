export { startSimulator, loadStackConfig, type StackConfig } from './stack.js';

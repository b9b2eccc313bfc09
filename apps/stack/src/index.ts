export { provideScenarioRunner, startSimulator, loadStackConfig, type StackConfig } from './stack.js';

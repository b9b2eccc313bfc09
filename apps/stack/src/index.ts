export { composeStack, type ComposedStack } from './compose.js';
export { RedisSandboxDirectory, type SandboxEntry } from './sandbox-directory.js';
export { Sandboxes, sandboxPath, sandboxesDir, type SandboxesOptions } from './sandboxes.js';
export { provideScenarioRunner, startSimulator, loadStackConfig, type StackConfig } from './stack.js';

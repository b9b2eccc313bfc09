export { reactToCommand } from './commands.js';
export { reactToConfiguration } from './configure.js';
export { reactToAction } from './actions.js';
export { accepted, refused, toAck, type Reaction } from './result.js';

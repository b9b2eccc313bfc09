/**
 * Role-matrix examples of the graphics calls (see ../catalogue-examples.ts for what an example is).
 */
import type { graphicsEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const GRAPHICS_EXAMPLES: { [K in keyof typeof graphicsEndpoints]: Example<K> } = {};

/**
 * Role-matrix examples of the video return calls (see ../catalogue-examples.ts for what an example is).
 */
import type { videoReturnEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const VIDEO_RETURN_EXAMPLES: { [K in keyof typeof videoReturnEndpoints]: Example<K> } = {
};

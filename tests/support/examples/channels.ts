/**
 * Role-matrix examples of the channels calls (see ../catalogue-examples.ts for what an example is).
 */
import type { channelEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const CHANNELS_EXAMPLES: { [K in keyof typeof channelEndpoints]: Example<K> } = {
};

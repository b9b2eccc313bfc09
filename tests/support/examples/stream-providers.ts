/**
 * Role-matrix examples of the stream providers calls (see ../catalogue-examples.ts for what an example is).
 */
import type { streamProviderEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const STREAM_PROVIDERS_EXAMPLES: { [K in keyof typeof streamProviderEndpoints]: Example<K> } = {};

/**
 * Role-matrix examples of the stream media profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { streamMediaProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const STREAM_MEDIA_PROFILES_EXAMPLES: { [K in keyof typeof streamMediaProfileEndpoints]: Example<K> } = {};

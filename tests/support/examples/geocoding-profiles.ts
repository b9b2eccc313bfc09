/**
 * Role-matrix examples of the geocoding profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { geocodingProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const GEOCODING_PROFILES_EXAMPLES: { [K in keyof typeof geocodingProfileEndpoints]: Example<K> } = {};
